import { Outlet } from 'react-router';
import type { Route } from './+types/my-account';
import { ErrorScreen } from '../components/error-screen';
import { AccountFrame } from '../features/account/account-frame';
import { routeErrorMessageKey, useRouteErrorStatus } from '../lib/route-error';

// The account area (/my-account/*): one layout around its pages. Who may enter is the
// root guard's business (core/route-guards.ts: visitors go to /landing, guests home), so this layout
// loads nothing of its own.

export default function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}

// A page that fails to load keeps the account navigation, so the other pages stay one click away.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AccountFrame>
      <ErrorScreen status={useRouteErrorStatus(error)} messageKey={routeErrorMessageKey(error)} />
    </AccountFrame>
  );
}
