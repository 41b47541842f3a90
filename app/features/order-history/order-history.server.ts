import { data } from 'react-router';
import { accountListPageSize, pageOfUrl } from '../../../core/list-page';
import { fieldProblems, isAppError, type OrderHistoryPage, orderHistoryQuery, orderSorts } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { historyFields } from './history-fields';
import { formValuesOf } from './list-url';

// The loader of /my-account/order-history: the page of orders the URL asks for, through the same service
// and the same checked query as GET /api/order, and the order statuses for the status filter
// (GET /api/lookup?lookupName=salesHeadStatus). A filter the schema refuses is shown at its field (400);
// orders or statuses that cannot be read are kept as an error state the page shows with a retry
// (docs/product.md, Messages and error keys), so the filters and the account navigation stay usable.

export type HistoryResult = { state: 'loaded'; page: OrderHistoryPage } | { state: 'invalid' } | { state: 'failed' };

async function loadStatuses({ services, ctx }: AppLoadContext): Promise<{ id: string; name: string }[] | null> {
  try {
    const statuses = await services.settings.listOrderStatuses(ctx.tenant.id, ctx.locale);
    return statuses.map(({ id, name }) => ({ id, name }));
  } catch (error) {
    console.error(error);
    return null;
  }
}

export async function loadOrderHistory(app: AppLoadContext, url: URL) {
  const values = formValuesOf(url.searchParams, historyFields);
  const statusesRead = loadStatuses(app);
  const parsed = orderHistoryQuery.safeParse({ ...values, page: String(pageOfUrl(url.searchParams)), pageSize: String(accountListPageSize) });
  const answer = async (result: HistoryResult, problems: Partial<Record<string, string>>, status: number) =>
    data({ values, problems, result, statuses: await statusesRead, sorts: orderSorts }, { status });
  if (!parsed.success) return answer({ state: 'invalid' }, fieldProblems(parsed.error, values), 400);
  try {
    return answer({ state: 'loaded', page: await app.services.orders.listOrders(app.ctx, parsed.data) }, {}, 200);
  } catch (error) {
    // A status the lookup does not know (a stale link): shown at the status filter.
    if (isAppError(error) && error.code === 'validation') return answer({ state: 'invalid' }, { [error.field ?? 'search']: error.messageKey }, 400);
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: error.statusCode });
    console.error(error);
    return answer({ state: 'failed' }, {}, 503);
  }
}
