import { Outlet } from 'react-router';
import { ToastRegion } from '../components/ui/toast-region';
import { LayoutFrameContext } from '../features/layout/layout-frame';
import { UnauthorizedBottomBar } from '../features/layout/unauthorized-bottom-bar';

// Landing, login, signup, the password pages and maintenance: only toasts and the bottom bar around the page.
export default function UnauthorizedLayout() {
  return (
    <LayoutFrameContext value={true}>
      <>
        <div className="flex min-h-dvh flex-col">
          <main id="main" className="flex w-full flex-1 flex-col items-center justify-center px-4 py-8 sm:py-12">
            <Outlet />
          </main>
          <UnauthorizedBottomBar />
        </div>
        <ToastRegion />
      </>
    </LayoutFrameContext>
  );
}
