import { financeExportQuery, parseInput } from '../../server/page-surface.server';
import type { Route } from './+types/my-account.invoices.export';
import { appLoadContext } from '../app-context';
import { exportResponse, methodNotAllowedResponse, refusalResponse } from '../features/order-history/download-response.server';

// /my-account/invoices/export?format=xlsx|csv[&the list's filters]: the finance list as filtered on the
// page, as a spreadsheet (the file GET /api/account/list/export gives, for the page's session). Who may
// see the documents is settled before the input is read, as in the API.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const view = await app.services.finance.viewFor(app.ctx);
    const query = parseInput(financeExportQuery, Object.fromEntries(new URL(request.url).searchParams));
    return await exportResponse(view.exportDocuments(query));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
