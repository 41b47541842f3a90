import type { Route } from './+types/my-account.invoices.statement';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, pdfResponse, refusalResponse } from '../features/order-history/download-response.server';

// /my-account/invoices/statement: the statement of the company's open items as of today, as PDF (the file
// GET /api/account/statement gives, for the page's session).

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    return pdfResponse(await app.services.documents.accountStatement(app.ctx));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
