import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { maxCountedSearchMatches } from '../../../core/search-text.ts';
import { shopDayStart } from '../../../core/shop-day.ts';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { DB, OrderType } from '../../db/schema.ts';
import type { OrderSort } from './order-history-query.ts';
import type { OrderScope } from './order-history-scope.ts';

// The order history (GET /api/order and its export): the orders a user may see, filtered, sorted and
// paged, read as light rows (no lines). Every query walks the company's orders through the history index
// (migration 0018-order-history.ts), or a user's through (tenant_id, user_id, order_date), and reads the
// order rows and line counts of the orders it answers only.

/**
 * A search term (lower case; any part of the order number, the PO number or orders.search_text) and how it
 * is matched (searchFor). On SQLite the trigram table (migration 0020) finds the orders of every tenant
 * that hold the term, once per request: `ids` reads just those orders (a rare term); `member` walks the
 * company's orders in list order and keeps those among them (a term in some hundreds); `scan` reads the
 * company's search documents in list order, which stops after a page for a common term. Measured at
 * 20,000 orders: docs/benchmarks.md.
 */
export type OrderSearch = { text: string; via: 'scan' } | { text: string; via: 'ids' | 'member'; orderIds: readonly number[] };

export interface OrderHistoryFilters {
  search?: OrderSearch | undefined;
  /** Order dates from and to, inclusive (YYYY-MM-DD, the shop's days: core/shop-day.ts). */
  from?: string | undefined;
  to?: string | undefined;
  /** Stored status ids to match; `orUnknownBesides` also matches every id the status list lacks (shown as the default status). */
  status?: { id: string; orUnknownBesides: readonly string[] | null } | undefined;
  orderType?: OrderType | undefined;
}

const historyColumns = [
  'o.id',
  'o.order_number',
  'o.order_date',
  'o.external_order_number',
  'o.order_type',
  'o.status_id',
  'o.delivery_status',
  'o.payment_status',
  'o.net_total_cents',
  'o.gross_total_cents',
  'o.currency',
] as const;

const sortColumns = { orderDate: 'o.order_date', orderNumber: 'o.order_number', total: 'o.gross_total_cents' } as const;

type SortColumn = (typeof sortColumns)[keyof typeof sortColumns];

function sortOf(sort: OrderSort): { column: SortColumn; direction: 'asc' | 'desc' } {
  const [key, direction] = sort.split(':') as [keyof typeof sortColumns, 'asc' | 'desc'];
  return { column: sortColumns[key], direction };
}

/** The day after a YYYY-MM-DD date: order dates are moments, so "to" is inclusive as "before the next day begins". */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A LIKE pattern finding the text anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The smallest term the trigram table can find (a trigram); shorter terms are read from the documents. */
const minIndexedTermLength = 3;
/** Up to this many orders holding a term, they are read by id ... */
const fewMatches = 200;
/** ... and up to this many, the company's orders are checked against them; beyond, a page is found by reading. */
const someMatches = 3_000;

/**
 * What the search reads: order number, PO number and the lines' text, lower case, in one expression, so a
 * trigram index (PostgreSQL) or a covering index (SQLite) answers it: migration 0018-order-history.ts
 * indexes exactly this expression.
 */
const searchDocument = sql<string>`(lower(${sql.ref('o.order_number')}) || ' ' || lower(coalesce(${sql.ref('o.external_order_number')}, '')) || ' ' || ${sql.ref('o.search_text')})`;

type OrdersQuery<O> = SelectQueryBuilder<DB & { o: DB['orders'] }, 'o', O>;

/** The status filter on an order's or a count's status column. */
function statusMatches<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: 'o.status_id' | 'c.status_id', status: NonNullable<OrderHistoryFilters['status']>) {
  const statusId = sql.ref<string>(column);
  const known = status.orUnknownBesides;
  return known && known.length > 0 ? eb.or([eb(statusId, '=', status.id), eb(statusId, 'not in', known)]) : eb(statusId, '=', status.id);
}

/** An FTS5 phrase in double quotes is matched as written (quotes inside are doubled). */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

function visibleOrders(db: Database, scope: OrderScope, filters: OrderHistoryFilters) {
  const search = filters.search;
  // Few matches: the trigram table's ids lead, and `+ 0` keeps the planner from walking an index of the
  // company (or the user) and checking each of its orders against them.
  const keyed = (column: 'o.tenant_id' | 'o.company_id' | 'o.user_id') => (search?.via === 'ids' ? sql<number>`${sql.ref(column)} + 0` : sql.ref<number>(column));
  let query = db.selectFrom('orders as o').where(keyed('o.tenant_id'), '=', scope.tenantId);
  // A user who sees only their own orders walks the user's index; the company still has to match.
  query =
    scope.userId === null
      ? query.where(keyed('o.company_id'), '=', scope.companyId)
      : query.where(keyed('o.user_id'), '=', scope.userId).where(sql<number>`${sql.ref('o.company_id')} + 0`, '=', scope.companyId);
  // Days are the shop's (core/shop-day.ts), as the lists show them.
  if (filters.from) query = query.where('o.order_date', '>=', shopDayStart(filters.from));
  if (filters.to) query = query.where('o.order_date', '<', shopDayStart(dayAfter(filters.to)));
  if (filters.orderType) query = query.where('o.order_type', '=', filters.orderType);
  const status = filters.status;
  if (status) query = query.where((eb) => statusMatches(eb, 'o.status_id', status));
  // The ids travel as one JSON parameter: one statement text whatever their number.
  if (search && search.via !== 'scan') query = query.where('o.id', 'in', sql<number>`(select value from json_each(${JSON.stringify(search.orderIds)}))`);
  if (search?.via === 'scan') query = query.where(sql<boolean>`${searchDocument} like ${containsPattern(search.text)} escape '\\'`);
  return query;
}

function lineCount(eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) {
  return eb.selectFrom('order_items as i').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('i.order_id', '=', 'o.id').as('line_count');
}

function sorted<O>(query: OrdersQuery<O>, sort: OrderSort): OrdersQuery<O> {
  const { column, direction } = sortOf(sort);
  // The id breaks ties, so a page never repeats or skips an order of equal date, number or total.
  return query.orderBy(column, direction).orderBy('o.id', direction);
}

export function createOrderHistoryRepository(db: Database) {
  const engine = engineOf(db);

  return {
    /**
     * The ids of the orders (of every tenant) that hold a term, from SQLite's trigram table; null where the
     * table cannot answer (PostgreSQL, a term shorter than a trigram) or finds more than `someMatches`.
     */
    async trigramMatches(text: string): Promise<number[] | null> {
      if (engine !== 'sqlite' || text.length < minIndexedTermLength) return null;
      const found = await sql<{ id: number }>`select rowid as id from orders_search where orders_search match ${ftsPhrase(text)} limit ${someMatches + 1}`.execute(db);
      return found.rows.length > someMatches ? null : found.rows.map((row) => Number(row.id));
    },

    /** How to match a search term (OrderSearch). PostgreSQL's planner chooses itself with its trigram index. */
    async searchFor(text: string | undefined): Promise<OrderSearch | undefined> {
      if (!text) return undefined;
      const orderIds = await this.trigramMatches(text);
      if (orderIds === null) return { text, via: 'scan' };
      return { text, via: orderIds.length <= fewMatches ? 'ids' : 'member', orderIds };
    },

    /**
     * One page of orders. The page's ids come from the index alone (skipping `offset` rows reads no order
     * row); only the page's orders are then read, with their line counts.
     */
    listPage(scope: OrderScope, filters: OrderHistoryFilters, sort: OrderSort, page: { offset: number; limit: number }) {
      const ids = sorted(visibleOrders(db, scope, filters).select('o.id'), sort).offset(page.offset).limit(page.limit);
      return sorted(db.selectFrom('orders as o').innerJoin(ids.as('page'), 'page.id', 'o.id').select(historyColumns).select(lineCount), sort).execute();
    },

    /**
     * How many orders match: without a search or dates from the company's counts (migration 0021), a
     * handful of rows; a search counts up to maxCountedSearchMatches ("1,000+", like the product search).
     */
    async count(scope: OrderScope, filters: OrderHistoryFilters): Promise<number> {
      if (!filters.search && !filters.from && !filters.to) {
        let counts = db.selectFrom('company_order_counts as c').where('c.tenant_id', '=', scope.tenantId).where('c.company_id', '=', scope.companyId);
        if (scope.userId !== null) counts = counts.where('c.user_id', '=', scope.userId);
        if (filters.orderType) counts = counts.where('c.order_type', '=', filters.orderType);
        const status = filters.status;
        if (status) counts = counts.where((eb) => statusMatches(eb, 'c.status_id', status));
        const row = await counts.select((eb) => eb.fn.sum<number | string | null>('c.orders').as('total')).executeTakeFirst();
        return Number(row?.total ?? 0);
      }
      if (filters.search) {
        const matches = visibleOrders(db, scope, filters).select(sql<number>`1`.as('one')).limit(maxCountedSearchMatches);
        const row = await db.selectFrom(matches.as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
        return Number(row?.total ?? 0);
      }
      const row = await visibleOrders(db, scope, filters)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Every matching order in `sort` order, in batches of `size` read one after the other by their keys
     * (keyset paging: each batch starts after the last row of the one before), so an export of tens of
     * thousands of orders never holds more than one batch.
     */
    async *batches(scope: OrderScope, filters: OrderHistoryFilters, sort: OrderSort, size = 500) {
      const { column, direction } = sortOf(sort);
      let after: { key: string | number; id: number } | null = null;
      for (;;) {
        let query = sorted(visibleOrders(db, scope, filters).select(historyColumns).select(lineCount), sort);
        if (after) {
          const comparison = direction === 'desc' ? sql.raw('<') : sql.raw('>');
          query = query.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref('o.id')}) ${comparison} (${after.key}, ${after.id})`);
        }
        const rows = await query.limit(size).execute();
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        const last = rows.at(-1)!;
        after = { key: column === 'o.order_date' ? last.order_date : column === 'o.order_number' ? last.order_number : last.gross_total_cents, id: last.id };
      }
    },

    /** The lines of a batch of orders, for the export with lines. */
    linesOf(tenantId: number, orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .select(['order_id', 'sku', 'variant_sku', 'name', 'order_type', 'season_id', 'quantity', 'unit_price_cents', 'line_net_cents', 'vat_rate_bp', 'currency', 'delivery_date'])
        // Through the order's index: with hundreds of ids SQLite's planner would rather walk the tenant's
        // lines by (tenant_id, product_id); `tenant_id + 0` filters the same without offering that index.
        .where(sql<number>`${sql.ref('tenant_id')} + 0`, '=', tenantId)
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('sort_order')
        .execute();
    },

    async usersSeeCompanyOrders(tenantId: number, companyId: number): Promise<boolean> {
      const row = await db.selectFrom('companies').select('users_see_company_orders').where('tenant_id', '=', tenantId).where('id', '=', companyId).executeTakeFirst();
      // A company that is gone shows nothing beyond the user's own orders.
      return row?.users_see_company_orders === 1;
    },
  };
}

export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
export type OrderHistoryRow = Awaited<ReturnType<OrderHistoryRepository['listPage']>>[number];
export type OrderHistoryLineRow = Awaited<ReturnType<OrderHistoryRepository['linesOf']>>[number];
