import { shopToday } from '../../../core/shop-day.ts';
import { emptyFinanceSummary, summarizeOpenItems, type OpenItemGroup } from '../../../core/finance-summary.ts';
import type { RequestContext } from '../../context.ts';
import { translatorFor } from '../../i18n.ts';
import type { ExportRequest, ExportRow } from '../../lib/export/export-columns.ts';
import type { FinanceReaders } from '../access/finance-readers.ts';
import { toFinanceDocumentView, toFinanceStatusView, type FinanceDocumentView, type FinanceStatusView } from './finance-document-view.ts';
import { financeExportBatchSize, financeExportColumns, financeExportRow } from './finance-export.ts';
import type { FinanceExportQuery, FinanceListQuery } from './finance-list-query.ts';
import type { FinanceRepository } from './finance.repository.ts';

// The finance view (docs/product.md, Finance): a company's invoices and credit notes in one list with filters,
// paging and sorting, the summary of its open items, and the same list as a spreadsheet. Who may see them
// is server/modules/access/finance-readers.ts; what "overdue" and each status mean is core/finance-summary.ts, as of `today`.

export interface FinanceList {
  data: FinanceDocumentView[];
  meta: { total: number; page: number; pageSize: number };
  /** In the shop's currency; open items in other currencies are summed apart in otherCurrencies (usually empty). */
  financeStatus: FinanceStatusView & { otherCurrencies: FinanceStatusView[] };
}

interface FinanceDeps {
  finance: FinanceRepository;
  readers: FinanceReaders;
  /** The shop's currency, the one the summary is in. */
  shopCurrency: (ctx: RequestContext) => Promise<string>;
  /** Today as 'YYYY-MM-DD': the day documents are overdue as of (the shop's day, core/shop-day.ts). */
  today?: () => string;
}

export function createFinanceService(deps: FinanceDeps) {
  const { finance, readers } = deps;
  const today = deps.today ?? (() => shopToday());

  function financeStatusOf(groups: readonly OpenItemGroup[], currency: string): FinanceList['financeStatus'] {
    const summaries = summarizeOpenItems(groups);
    const main = summaries.find((summary) => summary.currency === currency) ?? emptyFinanceSummary(currency);
    return { ...toFinanceStatusView(main), otherCurrencies: summaries.filter((summary) => summary !== main).map(toFinanceStatusView) };
  }

  return {
    /**
     * The finance view of the user asking: who may see what is settled here (403 before any input is
     * looked at), and the only way to the list and the export goes through it.
     */
    async viewFor(ctx: RequestContext) {
      const scope = await readers.scopeOf(ctx);
      return {
        async list(query: FinanceListQuery): Promise<FinanceList> {
          const day = today();
          const meta = { page: query.page, pageSize: query.pageSize };
          if (!scope) return { data: [], meta: { total: 0, ...meta }, financeStatus: financeStatusOf([], await deps.shopCurrency(ctx)) };
          const [rows, total, openItems, currency] = await Promise.all([
            finance.listPage(scope, query, query.sort, day, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
            finance.count(scope, query, day),
            finance.openItemGroups(scope.tenantId, scope.companyId, day),
            deps.shopCurrency(ctx),
          ]);
          return { data: rows.map((row) => toFinanceDocumentView(row, day)), meta: { total, ...meta }, financeStatus: financeStatusOf(openItems, currency) };
        },

        /** The filtered list as an export (server/lib/export), read in keyset batches of 500. */
        exportDocuments(query: FinanceExportQuery): ExportRequest {
          const t = translatorFor(ctx.locale);
          const day = today();
          async function* batches(): AsyncGenerator<ExportRow[]> {
            if (!scope) return;
            for await (const rows of finance.batches(scope, query, query.sort, day, financeExportBatchSize)) yield rows.map((row) => financeExportRow(row, t, day));
          }
          return { format: query.format, fileName: 'invoices', sheetName: t('finance.export.sheet'), columns: financeExportColumns(t), batches: batches() };
        },
      };
    },
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
