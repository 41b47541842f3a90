import type { ReactNode } from 'react';
import { ModalHost } from '../../components/modal-host';
import { ToastRegion } from '../../components/ui/toast-region';
import { LazyAccountSidebar, LazyGuestLoginModal } from './lazy-overlays';
import { Footer } from './footer';
import { Header } from './header';
import { LayoutFrameContext } from './layout-frame';
import { MobileBottomNav } from './mobile-bottom-nav';
import { Overlay } from './overlay';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { VatInfoBar } from './vat-info-bar';

/** The shop frame (docs/product.md, Screens and routes) around a page (or around the error screen of a failed page). */
export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <LayoutFrameContext value={true}>
      <>
        <SkipLink />
        {/* Bottom padding keeps the end of the page clear of the fixed bottom navigation on phones. */}
        <div className="flex min-h-dvh flex-col pb-14 lg:pb-0">
          <TopBar />
          <VatInfoBar />
          <Header />
          <Overlay />
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-page flex-1 px-4 py-4 outline-none lg:px-6 lg:py-6">
            {children}
          </main>
          <Footer />
        </div>
        <MobileBottomNav />
        <LazyAccountSidebar />
        <ToastRegion />
        <ModalHost />
        <LazyGuestLoginModal />
      </>
    </LayoutFrameContext>
  );
}
