import { parseInput, sheetDownloadHeaders, templateQuery, templateRequestOf } from '../../server/page-surface.server';
import type { Route } from './+types/order-sheet.template';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, refusalResponse } from '../features/order-history/download-response.server';

// /order-sheet/template?scope=category|assortment|bought&type=order|preOrder[&category=<id>]: the buyer's
// personalised order sheet (docs/product.md, Order sheets: the personalised sheet), the file GET
// /api/orderSheet/template gives, for the page's session: the order-sheet page links here, no JavaScript needed.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const query = parseInput(templateQuery, Object.fromEntries(new URL(request.url).searchParams));
    const sheet = await app.services.orderSheetTemplate(app.ctx, templateRequestOf(query));
    return new Response(new Uint8Array(sheet.bytes), { headers: sheetDownloadHeaders(sheet) });
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
