import { parseRecordId } from '../../core/record-id';
import { AppError } from '../../server/page-surface.server';
import type { Route } from './+types/my-account.order-history.document';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, pdfResponse, refusalResponse } from '../features/order-history/download-response.server';

// /my-account/order-history/:id/document: the order confirmation as PDF (the file GET /api/order/{id}/document
// gives, for the page's session). Another company's, a hidden or an unknown order: 404 alike.

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const id = parseRecordId(params.id);
    if (id === null) throw new AppError('not_found', 'order.not_found');
    return pdfResponse(await app.services.documents.orderConfirmation(app.ctx, id));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
