import { AppError, sheetDownloadHeaders } from '../../server/page-surface.server';
import type { Route } from './+types/order-sheet.corrections';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, refusalResponse } from '../features/order-history/download-response.server';
import { importParam } from '../features/order-sheet/sheet-fields';

// /order-sheet/corrections?import=<id>: the import's rows as an XLSX file to correct and upload again (the
// file GET /api/orderSheet/{importId}/corrections gives, for the page's session; docs/product.md, Order
// sheets: files). An unknown, expired or someone else's import: 404 alike.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const importId = new URL(request.url).searchParams.get(importParam);
    if (importId === null) throw new AppError('not_found', 'error.order_sheet_not_found');
    const file = await app.services.orderSheet.corrections(app.ctx, importId);
    return new Response(file.bytes, { headers: sheetDownloadHeaders(file) });
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
