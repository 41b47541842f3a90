import { parseRecordId } from '../../core/record-id';
import { AppError } from '../../server/page-surface.server';
import type { Route } from './+types/my-account.invoices.document';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, pdfResponse, refusalResponse } from '../features/order-history/download-response.server';

// /my-account/invoices/:id/document: an invoice or credit note as PDF (the file GET /api/account/document/{id}
// gives, for the page's session). Another company's or an unknown document: 404 alike.

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const id = parseRecordId(params.id);
    if (id === null) throw new AppError('not_found', 'document.not_found');
    return pdfResponse(await app.services.documents.financeDocument(app.ctx, id));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
