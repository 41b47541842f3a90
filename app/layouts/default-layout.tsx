import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Category } from '../../core/catalog-types';
import { appLoadContext } from '../app-context';
import { ErrorScreen } from '../components/error-screen';
import { layoutNotificationCount } from '../features/alarms/notification-count.server';
import { ShopFrame } from '../features/layout/shop-frame';
import { routeErrorMessageKey, useRouteErrorStatus } from '../lib/route-error';
import type { Route } from './+types/default-layout';

// The root loader has already applied the authentication guard. The layout loads the categories for
// the header and menus (docs/product.md, Screens and routes), without waiting for them: a client navigation into the
// layout shows the menus' placeholders until they arrive. A failure leaves null (error state), so a
// broken category list never takes the page down. Visitors of the public pages have no categories.
// It also reads the header's unread notification count (app/features/alarms/notification-count.server.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  const { services, ctx } = app;
  const categories: Promise<Category[] | null> = ctx.identity
    ? services.catalog.listCategories(ctx).catch((error: unknown) => {
        console.error(error);
        return null;
      })
    : Promise.resolve([]);
  // The header's unread count comes with the page (the browser asks again after each navigation).
  return { categories, notificationCount: await layoutNotificationCount(app) };
}

// Categories change with the person and the language only; a sign-in, a language switch or a sales
// person's company switch reload the document or enter the layout anew. So plain navigations keep the
// list instead of fetching it for every page; a submission (it may change what the person sees) reloads it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;
}

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
      <ErrorScreen status={status} messageKey={routeErrorMessageKey(error)} />
    </ShopFrame>
  );
}
