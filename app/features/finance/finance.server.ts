import { data } from 'react-router';
import { accountListPageSize, pageOfUrl } from '../../../core/list-page';
import { fieldProblems, type FinanceList, financeListQuery, financeSorts, isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formValuesOf } from '../order-history/list-url';
import { financeFields } from './finance-fields';

// The loader of /my-account/invoices: the company's invoices and credit notes as the URL filters them and
// the summary of its open items, through the same service and checked query as GET /api/account/list.
// A plain customer of a company that keeps its finance documents to its admins gets the page that says so
// (403 'finance.not_shared'); a filter the schema refuses is shown at its field, with the summary still
// there; a list that cannot be read is kept as an error state with a retry.

export type FinanceResult =
  | { state: 'loaded'; list: FinanceList }
  | { state: 'invalid'; financeStatus: FinanceList['financeStatus'] }
  | { state: 'failed' }
  | { state: 'notShared' };

export async function loadFinance(app: AppLoadContext, url: URL) {
  const values = formValuesOf(url.searchParams, financeFields);
  const answer = (result: FinanceResult, problems: Partial<Record<string, string>>, status: number) => data({ values, problems, result, sorts: financeSorts }, { status });
  try {
    const view = await app.services.finance.viewFor(app.ctx);
    const parsed = financeListQuery.safeParse({ ...values, page: String(pageOfUrl(url.searchParams)), pageSize: String(accountListPageSize) });
    if (!parsed.success) {
      // The summary does not depend on the filters: it stays on the page while a filter is put right.
      const { financeStatus } = await view.list(financeListQuery.parse({ pageSize: '1' }));
      return answer({ state: 'invalid', financeStatus }, fieldProblems(parsed.error, values), 400);
    }
    return answer({ state: 'loaded', list: await view.list(parsed.data) }, {}, 200);
  } catch (error) {
    if (isAppError(error) && error.messageKey === 'finance.not_shared') return answer({ state: 'notShared' }, {}, 403);
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: error.statusCode });
    console.error(error);
    return answer({ state: 'failed' }, {}, 503);
  }
}
