import { Outlet } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { ShopFrame } from '../features/layout/shop-frame';
import { useRouteErrorStatus } from '../lib/route-error';
import type { Route } from './+types/default-layout';

// The root loader has already applied the authentication guard; nothing to load here.
export default function DefaultLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

// A failing page (404 splat included) keeps header, footer and navigation, so the way back is right there.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = useRouteErrorStatus(error);
  return (
    <ShopFrame>
      <ErrorScreen status={status} />
    </ShopFrame>
  );
}
