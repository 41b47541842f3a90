import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchWordsOf } from '../../../core/order-search-words.ts';
import { maxCountedSearchMatches } from '../../../core/search-text.ts';
import { shopDayStart } from '../../../core/shop-day.ts';
import type { DatabaseEngine } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { DB, OrderType } from '../../db/schema.ts';
import type { OrderSort } from './order-history-query.ts';
import type { OrderScope } from './order-history-scope.ts';

// The order history (GET /api/order and its export): the orders a user may see, filtered, sorted and
// paged, read as light rows (no lines). Every query walks the company's orders through the history index
// (migration 0018-order-history.ts), or a user's through (tenant_id, user_id, order_date), and reads the
// order rows and line counts of the orders it answers only.

/**
 * A search (core/order-search-words.ts): `number`, the term in lower case, anywhere in the order and PO
 * numbers; `words`, its words, at the start of the lines' words. The word and number indexes (SQLite:
 * migrations 0022 and 0031; PostgreSQL: 0022 and 0032) name the orders of the scope that may hold it, once
 * per request: `ids` reads just those orders (a few); `member` walks the scope's orders in list order and
 * keeps those among them; `scan` reads the search columns in list order, which stops after a page for a
 * common term. Named orders are checked against the term all the same (the indexes may name a superset).
 * `wordsBeyondCount`: the words alone are in more orders than a search counts. Measured at 20,000 orders:
 * docs/benchmarks.md.
 */
export type OrderSearch = { number: string; words: string } & ({ via: 'scan'; wordsBeyondCount: boolean } | { via: 'ids' | 'member'; orderIds: OrderIds });

/**
 * Order ids as a JSON array, the form the tables' answer comes in and the query takes them back: a
 * thousand ids as objects would cost more than the lookup itself.
 */
export interface OrderIds {
  json: string;
  count: number;
}

/**
 * The orders whose lines may hold a search's words: named (`ids`), or not named because there are more
 * than a search counts (`beyondCount`: certainly so) or too many to tell (neither).
 */
export type WordMatches = { ids: OrderIds; beyondCount: false } | { ids: null; beyondCount: boolean };

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
  'o.placed_by',
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

/** The smallest number part the trigram table can find (a trigram); shorter terms are read from the orders. */
const minIndexedTermLength = 3;
/** Up to this many orders holding a term, they are read by id; beyond, the scope's orders are checked against them. */
const fewMatches = 200;
/** Orders of any tenant with a number part beyond which the trigram table's answer is not used. */
const manyNumberMatches = 1_000;

/**
 * What the search reads, both expressions indexed as written (migration 0022: a trigram index each on
 * PostgreSQL; on SQLite the covering index of migration 0018 holds the columns): the numbers contain the
 * term, or the lines' words, each after a space, start with its words.
 */
const numbersDocument = sql<string>`lower(${sql.ref('o.order_number')} || ' ' || coalesce(${sql.ref('o.external_order_number')}, ''))`;
const wordsDocument = sql<string>`(' ' || ${sql.ref('o.search_text')})`;

function searchMatches(search: OrderSearch) {
  const numbers = sql<boolean>`${numbersDocument} like ${containsPattern(search.number)} escape '\\'`;
  // Words hold letters and digits only: nothing in them is a wildcard.
  return search.words ? sql<boolean>`(${numbers} or ${wordsDocument} like ${`% ${search.words}%`})` : numbers;
}

/**
 * The same test as searchMatches for orders the indexes named, by position instead of LIKE: PostgreSQL
 * would answer a LIKE from its trigram indexes instead of reading the named orders, and plans a statement
 * with a LIKE anew every time (ADR 0012).
 */
function searchHolds(engine: DatabaseEngine, search: OrderSearch) {
  const holds = (text: RawBuilder<string>, part: string) => (engine === 'sqlite' ? sql<boolean>`instr(${text}, ${part}) > 0` : sql<boolean>`strpos(${text}, ${part}) > 0`);
  const numbers = holds(numbersDocument, search.number);
  return search.words ? sql<boolean>`(${numbers} or ${holds(wordsDocument, ` ${search.words}`)})` : numbers;
}

type OrdersQuery<O> = SelectQueryBuilder<DB & { o: DB['orders'] }, 'o', O>;

/** The status filter on an order's or a count's status column. */
function statusMatches<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: 'o.status_id' | 'c.status_id', status: NonNullable<OrderHistoryFilters['status']>) {
  const statusId = sql.ref<string>(column);
  const known = status.orUnknownBesides;
  return known && known.length > 0 ? eb.or([eb(statusId, '=', status.id), eb(statusId, 'not in', known)]) : eb(statusId, '=', status.id);
}

/** An FTS5 phrase in double quotes is matched as written (quotes inside are doubled). */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The ids of a JSON array, as a subquery. */
const idsIn = (engine: DatabaseEngine, ids: OrderIds) =>
  engine === 'sqlite' ? sql<number>`(select value from json_each(${ids.json}))` : sql<number>`(select value::integer from json_array_elements_text(${ids.json}::json))`;

/** The distinct trigrams of a text, as the trigram tokenizer cuts it (by characters, not UTF-16 units). */
function trigramsOf(text: string): string[] {
  const characters = [...text];
  return [...new Set(characters.slice(2).map((_, i) => characters.slice(i, i + 3).join('')))];
}

/** Up to this many trigrams a number part is looked up as a phrase; a longer one by its two rarest. */
const phraseTrigrams = 2;
/**
 * PostgreSQL: how many rows of order_search_words a lookup reads at most. A word's start can be in several
 * words of one order ("kreis", "kreissäge"), so the rows can name fewer orders than they are.
 */
const wordRowsRead = 3 * maxCountedSearchMatches;
/** The largest character: a word starting with `w` sorts (bytewise) before `w` followed by it. */
const lastCharacter = String.fromCodePoint(0x10ffff);

/** How many trigrams' order counts are remembered, and for how long: they only choose what is read. */
const rememberedTrigrams = 20_000;
const trigramCountsMs = 10 * 60_000;

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
  if (search?.via === 'scan') return query.where(searchMatches(search));
  // The ids travel as one JSON parameter: one statement text whatever their number.
  if (search) {
    const engine = engineOf(db);
    query = query.where('o.id', 'in', idsIn(engine, search.orderIds)).where(searchHolds(engine, search));
  }
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
  // How many orders (of every tenant) hold a trigram, from orders_numbers_vocab (SQLite): a few
  // microseconds a trigram, read once and then remembered.
  const trigramOrders = new Map<string, number>();
  let trigramOrdersSince = Date.now();

  async function ordersWithTrigram(trigram: string): Promise<number> {
    if (trigramOrders.size >= rememberedTrigrams || Date.now() - trigramOrdersSince > trigramCountsMs) {
      trigramOrders.clear();
      trigramOrdersSince = Date.now();
    }
    let count = trigramOrders.get(trigram);
    if (count === undefined) {
      const row = await sql<{ doc: number }>`select doc from orders_numbers_vocab where term = ${trigram}`.execute(db);
      count = Number(row.rows[0]?.doc ?? 0);
      trigramOrders.set(trigram, count);
    }
    return count;
  }

  async function countOf(matches: RawBuilder<unknown>): Promise<number> {
    const row = await db.selectFrom(matches.as('m')).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function idsOf(matches: RawBuilder<unknown>): Promise<OrderIds & { rows: number }> {
    const id = sql.ref('m.id');
    const [count, json] =
      engine === 'sqlite' ? [sql<number>`count(*)`, sql<string>`json_group_array(${id})`] : [sql<number>`count(distinct ${id})`, sql<string>`coalesce(json_agg(distinct ${id}), '[]')::text`];
    const row = await db
      .selectFrom(matches.as('m'))
      .select([count.as('count'), json.as('json'), sql<number>`count(*)`.as('rows')])
      .executeTakeFirstOrThrow();
    return { json: row.json, count: Number(row.count), rows: Number(row.rows) };
  }

  /**
   * PostgreSQL: the scope's orders from its range of order_search_words (migration 0032): a word's start,
   * or two neighbouring words with the second's start. Exact for one or two words; for more, the last two
   * name a superset.
   */
  async function postgresWordMatches(scope: OrderScope, words: string): Promise<WordMatches> {
    const list = words.split(' ');
    const exact = list.length <= 2;
    const [kind, term] = list.length === 1 ? [1, words] : [2, list.slice(-2).join(' ')];
    const user = scope.userId === null ? sql`` : sql`and user_id = ${scope.userId}`;
    const rows = (terms: RawBuilder<boolean>, limit: number) =>
      sql`(select order_id as id from order_search_words where company_id = ${scope.companyId} ${user} and kind = ${kind} and ${terms} limit ${limit})`;
    const startsWith = sql<boolean>`term >= ${term} and term < ${term + lastCharacter}`;
    let found: OrderIds & { rows: number };
    if (exact) {
      // The term as written first (one row an order), in the same statement: a common word is known to be
      // beyond the count before the rows of all the words it starts are read.
      const { rows: answer } = await sql<{ whole: number | string; count: number | string; json: string; rows: number | string }>`
        select w.whole, count(distinct m.id) as count, coalesce(json_agg(distinct m.id) filter (where m.id is not null), '[]')::text as json, count(m.id) as rows
        from (select count(*) as whole from ${rows(sql`term = ${term}`, maxCountedSearchMatches + 1)} as e) as w
        left join lateral ${rows(sql`${startsWith} and w.whole <= ${maxCountedSearchMatches}`, wordRowsRead)} as m on true
        group by w.whole`.execute(db);
      const row = answer[0]!;
      if (Number(row.whole) > maxCountedSearchMatches) return { ids: null, beyondCount: true };
      found = { count: Number(row.count), json: row.json, rows: Number(row.rows) };
    } else {
      found = await idsOf(rows(startsWith, wordRowsRead));
    }
    if (found.count > maxCountedSearchMatches) return { ids: null, beyondCount: exact };
    if (found.rows >= wordRowsRead) return { ids: null, beyondCount: false };
    return { ids: found, beyondCount: false };
  }

  return {
    /** How to match a term (OrderSearch): the word and number indexes name the orders first. */
    async searchFor(scope: OrderScope, text: string | undefined): Promise<OrderSearch | undefined> {
      if (!text) return undefined;
      const words = searchWordsOf(text);
      // A term shorter than a trigram is read from the orders: as a word's start it would be in most of them.
      if (text.length < minIndexedTermLength) return { number: text, words, via: 'scan', wordsBeyondCount: false };
      // Words in too many orders are read from the orders whatever the numbers hold: those are not asked then.
      const byWords = await this.wordMatches(scope, words);
      if (byWords.ids === null) return { number: text, words, via: 'scan', wordsBeyondCount: byWords.beyondCount };
      const byNumber = await this.numberMatches(text);
      if (byNumber === null) return { number: text, words, via: 'scan', wordsBeyondCount: false };
      // Both arrays in one: an id in both is matched once all the same.
      const orderIds = { json: `[${[byWords.ids.json, byNumber.json].map((json) => json.slice(1, -1)).filter((ids) => ids !== '').join(',')}]`, count: byWords.ids.count + byNumber.count };
      return { number: text, words, via: orderIds.count <= fewMatches ? 'ids' : 'member', orderIds };
    },

    /**
     * The scope's orders whose lines may hold the words. SQLite: exactly, each word indexed under its scope
     * (migration 0031), the phrase "c4_mat c4_000257" with its last word cut short; PostgreSQL: see
     * postgresWordMatches.
     */
    async wordMatches(scope: OrderScope, words: string): Promise<WordMatches> {
      if (!words) return { ids: { json: '[]', count: 0 }, beyondCount: false };
      if (engine !== 'sqlite') return postgresWordMatches(scope, words);
      const [column, token] = scope.userId === null ? ['company_words', `c${scope.companyId}`] : ['user_words', `c${scope.companyId}u${scope.userId}`];
      const phrase = words
        .split(' ')
        .map((word) => `${token}_${word}`)
        .join(' ');
      const lookup = (match: string) => sql`(select rowid as id from orders_words where orders_words match ${match} limit ${maxCountedSearchMatches + 1})`;
      // The words as written first: FTS5 reads every order of every word a prefix starts before the limit
      // applies (0.3 ms for a common name), and stops at it for a whole word (0.06 ms).
      if ((await countOf(lookup(`${column} : "${phrase}"`))) > maxCountedSearchMatches) return { ids: null, beyondCount: true };
      const found = await idsOf(lookup(`${column} : "${phrase}" *`));
      return found.count > maxCountedSearchMatches ? { ids: null, beyondCount: true } : { ids: found, beyondCount: false };
    },

    /**
     * The orders (of every tenant) that may have the term in a number; null for too many. PostgreSQL:
     * exactly, from its trigram index. SQLite: a superset, a term of more than two trigrams looked up by its
     * two rarest, which common ones ("po-", "202") would otherwise make cost a millisecond.
     */
    async numberMatches(text: string): Promise<OrderIds | null> {
      if (engine !== 'sqlite') {
        const found = await idsOf(sql`(select o.id from orders o where ${numbersDocument} like ${containsPattern(text)} escape '\\' limit ${manyNumberMatches + 1})`);
        return found.count > manyNumberMatches ? null : found;
      }
      const trigrams = trigramsOf(text);
      let match = ftsPhrase(text);
      if (trigrams.length > phraseTrigrams) {
        const counts = await Promise.all(trigrams.map(async (trigram) => ({ trigram, orders: await ordersWithTrigram(trigram) })));
        match = counts
          .sort((a, b) => a.orders - b.orders)
          .slice(0, phraseTrigrams)
          .map(({ trigram }) => ftsPhrase(trigram))
          .join(' AND ');
      }
      const found = await idsOf(sql`(select rowid as id from orders_numbers where orders_numbers match ${match} limit ${manyNumberMatches + 1})`);
      return found.count > manyNumberMatches ? null : found;
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
      const search = filters.search;
      if (search) {
        // Words in more orders than a search counts: without further filters the total is the cap itself.
        if (search.via === 'scan' && search.wordsBeyondCount && !filters.from && !filters.to && !filters.status && !filters.orderType) return maxCountedSearchMatches;
        // Named orders are counted by reading them, not by walking the scope's orders.
        const counted = search.via === 'member' ? { ...filters, search: { ...search, via: 'ids' as const } } : filters;
        let matches = visibleOrders(db, scope, counted).select(sql<number>`1`.as('one'));
        // Read in list order: a common term's matches are found among the newest orders, and the walk stops at the cap.
        if (search.via === 'scan') matches = sorted(matches, 'orderDate:desc');
        matches = matches.limit(maxCountedSearchMatches);
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
