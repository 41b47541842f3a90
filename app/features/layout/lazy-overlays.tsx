import { lazy, Suspense, useState } from 'react';
import { useInterfaceStore } from '../../stores/interface-store';

// The account sidebar and the guest-login modal are dialogs most page views never open; their code
// (and the dialog primitive) loads when one is first opened, and stays mounted for its close animation.
const AccountSidebar = lazy(() => import('./account-sidebar').then((m) => ({ default: m.AccountSidebar })));
const GuestLoginModal = lazy(() => import('../auth/guest-login-modal').then((m) => ({ default: m.GuestLoginModal })));

function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state derived from props), not in an effect.
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyAccountSidebar() {
  const opened = useOpenedOnce(useInterfaceStore((state) => state.accountSidebarOpen));
  return opened ? (
    <Suspense fallback={null}>
      <AccountSidebar />
    </Suspense>
  ) : null;
}

export function LazyGuestLoginModal() {
  const opened = useOpenedOnce(useInterfaceStore((state) => state.guestLoginModalOpen));
  return opened ? (
    <Suspense fallback={null}>
      <GuestLoginModal />
    </Suspense>
  ) : null;
}
