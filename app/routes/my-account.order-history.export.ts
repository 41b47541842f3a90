import { orderExportQuery, parseInput } from '../../server/page-surface.server';
import type { Route } from './+types/my-account.order-history.export';
import { appLoadContext } from '../app-context';
import { exportResponse, methodNotAllowedResponse, refusalResponse } from '../features/order-history/download-response.server';

// /my-account/order-history/export?format=xlsx|csv[&withLines=1][&the list's filters]: the order history as
// filtered on the page, as a spreadsheet (the file GET /api/order/export gives, for the page's session).

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const query = parseInput(orderExportQuery, Object.fromEntries(new URL(request.url).searchParams));
    return await exportResponse(await app.services.orders.exportOrders(app.ctx, query));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
