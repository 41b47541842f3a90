import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { agingBucketStarts, type AgingBucket, type OpenItemGroup, type ShownPaymentStatus } from '../../../core/finance-summary.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import type { FinanceFilters, FinanceSort } from './finance-list-query.ts';

// The finance view's SQL (GET /api/account/list and its export): a company's invoices and credits, always
// through its tenant and company. Pages and filters read finance_documents_view_idx and the partial
// finance_documents_open_idx, both covering what they read (migration 0019): a document row, with its
// JSON snapshots, is read only for the page's twenty documents and the export's batches. The summary and
// the counts without a search or dates read the kept tables (migrations 0021 and 0023).
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

/** shownStatusIs for the kept open items (migration 0023): every row is open; '' is no due day. */
function openItemsWithStatus(eb: ExpressionBuilder<DB & { c: DB['company_open_items'] }, 'c'>, status: Exclude<ShownPaymentStatus, 'paid'>, today: string) {
  const overdue = eb.and([eb('c.type', '=', 'invoice'), eb('c.due_day', '<>', ''), eb('c.due_day', '<', today)]);
  if (status === 'overdue') return overdue;
  return eb.and([eb.not(overdue), eb('c.partly_paid', '=', status === 'partiallyPaid' ? 1 : 0)]);
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
     * How many documents match. Without a search or dates the company's kept counts answer (migrations
     * 0021 and 0023), a handful of rows: all, a type and the paid ones by document, open, overdue and
     * partly paid by due day as of today. A search or dates count the matching entries.
     */
    async count(scope: FinanceScope, filters: FinanceFilters, today: string): Promise<number> {
      if (!filters.search && !filters.from && !filters.to) {
        const status = filters.status;
        if (status === undefined || status === 'paid') {
          let counts = db.selectFrom('company_finance_counts as c').where('c.tenant_id', '=', scope.tenantId).where('c.company_id', '=', scope.companyId);
          if (filters.type) counts = counts.where('c.type', '=', filters.type);
          if (status === 'paid') counts = counts.where('c.is_open', '=', 0);
          const counted = await counts.select((eb) => eb.fn.sum<number | string | null>('c.documents').as('total')).executeTakeFirst();
          return Number(counted?.total ?? 0);
        }
        let open = db.selectFrom('company_open_items as c').where('c.tenant_id', '=', scope.tenantId).where('c.company_id', '=', scope.companyId);
        if (filters.type) open = open.where('c.type', '=', filters.type);
        open = open.where((eb) => openItemsWithStatus(eb, status, today));
        const counted = await open.select((eb) => eb.fn.sum<number | string | null>('c.documents').as('total')).executeTakeFirst();
        return Number(counted?.total ?? 0);
      }
      const row = await companyDocuments(db, scope, filters, today)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * The company's open documents summed by type, currency and ageing bucket as of today, from the kept
     * sums per due day (migration 0023): the days are put into buckets by comparing them with each
     * bucket's earliest day (core/finance-summary.ts agingBucketStarts), so a few rows come back.
     */
    async openItemGroups(tenantId: number, companyId: number, today: string): Promise<OpenItemGroup[]> {
      const dueDay = sql.ref<string>('c.due_day');
      const buckets = agingBucketStarts(today).map(({ bucket, earliestDueDay }) => (earliestDueDay === null ? sql`else ${bucket}` : sql`when ${dueDay} >= ${earliestDueDay} then ${bucket}`));
      const rows = await db
        .selectFrom('company_open_items as c')
        .where('c.tenant_id', '=', tenantId)
        .where('c.company_id', '=', companyId)
        // No due day: never overdue.
        .select(sql<AgingBucket>`case when ${dueDay} = '' then 'current' ${sql.join(buckets, sql` `)} end`.as('bucket'))
        .select(['c.type', 'c.currency'])
        .select((eb) => [eb.fn.sum<number>('c.open_cents').as('open_cents'), eb.fn.sum<number>('c.documents').as('count'), sql<string | null>`min(nullif(${dueDay}, ''))`.as('oldest_due_day')])
        .groupBy([sql`bucket`, 'c.type', 'c.currency'])
        .execute();
      return rows.map((row) => ({ type: row.type, currency: row.currency, bucket: row.bucket, openCents: Number(row.open_cents), count: Number(row.count), oldestDueDate: row.oldest_due_day }));
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
