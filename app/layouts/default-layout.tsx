import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet } from 'react-router';
import { isChunkLoadError } from '../../core/chunk-reload';
import { ErrorScreen } from '../components/error-screen';
import { ShopFrame } from '../features/layout/shop-frame';
import { reloadAfterChunkError } from '../lib/chunk-reload';
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
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ShopFrame>
      <ErrorScreen status={status} />
    </ShopFrame>
  );
}
