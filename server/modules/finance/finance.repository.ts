import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { groupOpenItems, type OpenItemGroup, type ShownPaymentStatus } from '../../../core/finance-summary.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { FinanceFilters, FinanceSort } from './finance-list-query.ts';

// The finance view's SQL (GET /api/account/list and its export): a company's invoices and credits, always
// through its tenant and company. Page, count and filters read finance_documents_view_idx, the summary the
// partial finance_documents_open_idx, both covering what they read (migration 0019): a document row, with
// its JSON snapshots, is read only for the page's twenty documents and the export's batches.
// "Open" is written `open_amount_cents <> 0` as a literal everywhere: a partial index is used only when
// the query states its condition itself (a bound 0 would not prove it).

export interface FinanceScope {
  tenantId: number;
  companyId: number;
  /**
   * Whose orders the user sees (the order history's rule): null for all of the company's, else only this
   * user's. A document's order is shown only when the user may open it.
   */
  orderUserId: number | null;
}

type FinanceDb = DB & { fd: DB['finance_documents'] };
type FinanceExpressions = ExpressionBuilder<FinanceDb, 'fd'>;

const documentColumns = [
  'fd.id',
  'fd.type',
  'fd.fin_doc_number',
  'fd.external_number',
  'fd.doc_date',
  'fd.doc_type_name',
  'fd.due_date',
  'fd.currency',
  'fd.amount_cents',
  'fd.open_amount_cents',
  'fd.balance_cents',
  'fd.payment_status',
  'fd.postway',
] as const;

const isOpen = sql<boolean>`${sql.ref('fd.open_amount_cents')} <> 0`;

/**
 * The shown status (core/finance-summary.ts shownPaymentStatus) as SQL, in the same order of precedence:
 * paid (nothing open), overdue (an open invoice due before today), partiallyPaid, open.
 */
function shownStatusIs(eb: FinanceExpressions, status: ShownPaymentStatus, today: string) {
  if (status === 'paid') return sql<boolean>`${sql.ref('fd.open_amount_cents')} = 0`;
  const overdue = eb.and([eb('fd.type', '=', 'invoice'), eb('fd.due_date', '<', today)]);
  if (status === 'overdue') return eb.and([isOpen, overdue]);
  const notOverdue = eb.or([eb('fd.type', '=', 'credit'), eb('fd.due_date', 'is', null), eb('fd.due_date', '>=', today)]);
  const settlement = status === 'partiallyPaid' ? eb('fd.payment_status', '=', 'partiallyPaid') : eb('fd.payment_status', '<>', 'partiallyPaid');
  return eb.and([isOpen, notOverdue, settlement]);
}

/** A LIKE pattern finding the text anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function companyDocuments(db: Database, scope: FinanceScope, filters: FinanceFilters, today: string) {
  let query = db.selectFrom('finance_documents as fd').where('fd.tenant_id', '=', scope.tenantId).where('fd.company_id', '=', scope.companyId);
  if (filters.from) query = query.where('fd.doc_date', '>=', filters.from);
  if (filters.to) query = query.where('fd.doc_date', '<=', filters.to);
  if (filters.type) query = query.where('fd.type', '=', filters.type);
  const status = filters.status;
  if (status) query = query.where((eb) => shownStatusIs(eb, status, today));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where(
      sql<boolean>`(lower(${sql.ref('fd.fin_doc_number')}) like ${pattern} escape '\\' or lower(coalesce(${sql.ref('fd.external_number')}, '')) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** The sort key: documents without a due date come last when sorted by it. */
const sortKeys = {
  docDate: sql.ref<string>('fd.doc_date'),
  dueDate: sql<string>`coalesce(${sql.ref('fd.due_date')}, '9999-12-31')`,
  amount: sql.ref<number>('fd.amount_cents'),
} as const;

function sortOf(sort: FinanceSort) {
  const [key, direction] = sort.split(':') as [keyof typeof sortKeys, 'asc' | 'desc'];
  return { key, expression: sortKeys[key], direction };
}

function sorted<O>(query: SelectQueryBuilder<FinanceDb, 'fd', O>, sort: FinanceSort) {
  const { expression, direction } = sortOf(sort);
  // The id breaks ties, so a page never repeats or skips a document of equal date or amount.
  return query.orderBy(expression, direction).orderBy('fd.id', direction);
}

export function createFinanceRepository(db: Database) {
  /**
   * The documents with the id of their order where the user may open it (else null): looked up per document
   * by the order's key, so it costs a page (or a batch) a few index reads whatever the company's orders.
   */
  function withVisibleOrder(scope: FinanceScope, query: SelectQueryBuilder<FinanceDb, 'fd', object>) {
    return query.select(documentColumns).select((eb) => {
      let visibleOrder = eb
        .selectFrom('orders as o')
        .select('o.id')
        .whereRef('o.id', '=', 'fd.order_id')
        .whereRef('o.tenant_id', '=', 'fd.tenant_id')
        .whereRef('o.company_id', '=', 'fd.company_id');
      if (scope.orderUserId !== null) visibleOrder = visibleOrder.where('o.user_id', '=', scope.orderUserId);
      return visibleOrder.as('visible_order_id');
    });
  }

  return {
    /**
     * One page of documents. The page's ids come from the index alone (skipping `offset` documents reads
     * none of them); only the page's documents are then read.
     */
    listPage(scope: FinanceScope, filters: FinanceFilters, sort: FinanceSort, today: string, page: { offset: number; limit: number }) {
      const pageIds = sorted(companyDocuments(db, scope, filters, today).select('fd.id'), sort).offset(page.offset).limit(page.limit);
      return sorted(withVisibleOrder(scope, db.selectFrom('finance_documents as fd').where('fd.id', 'in', pageIds)), sort).execute();
    },

    /**
     * How many documents match. All, a type and the paid ones come from the company's counts (migration
     * 0021), a handful of rows; open, overdue and partly paid depend on the day and read the open-items
     * index; a search or dates count the matching entries.
     */
    async count(scope: FinanceScope, filters: FinanceFilters, today: string): Promise<number> {
      if (!filters.search && !filters.from && !filters.to && (filters.status === undefined || filters.status === 'paid')) {
        let counts = db.selectFrom('company_finance_counts as c').where('c.tenant_id', '=', scope.tenantId).where('c.company_id', '=', scope.companyId);
        if (filters.type) counts = counts.where('c.type', '=', filters.type);
        if (filters.status === 'paid') counts = counts.where('c.is_open', '=', 0);
        const counted = await counts.select((eb) => eb.fn.sum<number | string | null>('c.documents').as('total')).executeTakeFirst();
        return Number(counted?.total ?? 0);
      }
      const row = await companyDocuments(db, scope, filters, today)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * The company's open documents summed by type, currency and ageing bucket as of today. The query sums
     * them per due day in the open-items index's order (no sort), a few hundred rows at most whatever the
     * number of open items; core/finance-summary.ts puts the days into buckets.
     */
    async openItemGroups(tenantId: number, companyId: number, today: string): Promise<OpenItemGroup[]> {
      const rows = await db
        .selectFrom('finance_documents as fd')
        .where('fd.tenant_id', '=', tenantId)
        .where('fd.company_id', '=', companyId)
        .where(isOpen)
        .select(['fd.due_date', 'fd.type', 'fd.currency'])
        .select((eb) => [eb.fn.sum<number>('fd.open_amount_cents').as('open_cents'), eb.fn.countAll<number>().as('count')])
        .groupBy(['fd.due_date', 'fd.type', 'fd.currency'])
        .execute();
      return groupOpenItems(
        rows.map((row) => ({ type: row.type, currency: row.currency, dueDate: row.due_date, openCents: Number(row.open_cents), count: Number(row.count) })),
        today,
      );
    },

    /**
     * Every matching document in `sort` order, in batches of `size` read one after the other by their keys
     * (keyset paging: each batch starts after the last row of the one before), so an export of tens of
     * thousands of documents never holds more than one batch.
     */
    async *batches(scope: FinanceScope, filters: FinanceFilters, sort: FinanceSort, today: string, size = 500) {
      const { key, expression, direction } = sortOf(sort);
      let after: { key: string | number; id: number } | null = null;
      for (;;) {
        let query = companyDocuments(db, scope, filters, today);
        if (after) {
          const comparison = direction === 'desc' ? sql.raw('<') : sql.raw('>');
          query = query.where(sql<boolean>`(${expression}, ${sql.ref('fd.id')}) ${comparison} (${after.key}, ${after.id})`);
        }
        const rows = await sorted(withVisibleOrder(scope, query), sort).limit(size).execute();
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        const last = rows.at(-1)!;
        after = { key: key === 'docDate' ? last.doc_date : key === 'dueDate' ? (last.due_date ?? '9999-12-31') : last.amount_cents, id: last.id };
      }
    },

    async usersSeeFinance(tenantId: number, companyId: number): Promise<boolean> {
      const row = await db.selectFrom('companies').select('users_see_finance').where('tenant_id', '=', tenantId).where('id', '=', companyId).executeTakeFirst();
      return row?.users_see_finance === 1;
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;
export type FinanceDocumentRow = Awaited<ReturnType<FinanceRepository['listPage']>>[number];
