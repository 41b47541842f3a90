import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The order history's search by words (ADR 0014; what matches is core/order-search-words.ts).
// The trigram table of migration 0020 had to intersect very common trigrams ("mat", "000", "ner") for
// every term: 1 to 5 ms for a sku or a name found in a few thousand orders. Now:
//  - orders.search_text holds the words of the lines, one space apart (rewritten here for every order).
//  - SQLite: orders_words, an FTS5 word index over it, with the order's company (and company and user)
//    as a second column, so a term is looked up among the orders of the company asking: a fraction of a
//    millisecond however common. orders_numbers, the trigram table, now holds the order and PO numbers
//    only, which are found by any part.
//  - PostgreSQL: one trigram index for each of the two expressions the search reads.
// Both are contentless and kept in step by triggers, like the catalogue's derived data (ADR 0007).

/** The numbers the search finds by any part; order-history.repository.ts reads the same expression. */
const numbersDocument = (row: string) => `lower(${row}.order_number || ' ' || coalesce(${row}.external_order_number, ''))`;
/** The tokens an order is found under in orders_words' scope column: its company, and its company and user. */
const wordsScope = (row: string) => `'c' || ${row}.company_id || ' c' || ${row}.company_id || 'u' || coalesce(${row}.user_id, 0)`;

const batchSize = 500;

// The words of an order's lines as this migration wrote them, frozen here: the shop's rule
// (core/order-search-words.ts) may change later, and a migration keeps doing what it did when written.
// A word is a run of letters and digits (Unicode L, N, Co), in lower case; each line's sku, variant sku
// and name give its words, each line once.
const wordPattern = /[\p{L}\p{N}\p{Co}]+/gu;
const wordsOf = (text: string) => (text.toLowerCase().match(wordPattern) ?? []).join(' ');
function orderLinesSearchText(lines: readonly { sku: string; variant_sku: string | null; name: string }[]): string {
  const texts = new Set(lines.map((line) => wordsOf(`${line.sku} ${line.variant_sku ?? ''} ${line.name}`)));
  return [...texts].filter((text) => text !== '').join(' ');
}

/** Rewrites search_text of every order as the words of its lines, in batches of 500 orders. */
async function rewriteSearchText(db: Kysely<any>) {
  for (let after = 0; ; ) {
    const orders: { id: number }[] = await db.selectFrom('orders').select('id').where('id', '>', after).orderBy('id').limit(batchSize).execute();
    if (orders.length === 0) return;
    const ids = orders.map((order) => order.id);
    const lines: { order_id: number; sku: string; variant_sku: string | null; name: string }[] = await db
      .selectFrom('order_items')
      .select(['order_id', 'sku', 'variant_sku', 'name'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('sort_order')
      .execute();
    const linesOf = Map.groupBy(lines, (line) => line.order_id);
    const texts = sql.join(ids.map((id) => sql`(cast(${id} as integer), ${orderLinesSearchText(linesOf.get(id) ?? [])})`));
    await sql`with texts (id, search_text) as (values ${texts}) update orders set search_text = texts.search_text from texts where orders.id = texts.id`.execute(db);
    after = ids.at(-1)!;
  }
}

async function createSqliteTables(db: Kysely<any>) {
  await sql`create virtual table orders_numbers using fts5(numbers, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql.raw(`insert into orders_numbers (rowid, numbers) select o.id, ${numbersDocument('o')} from orders o`).execute(db);
  await sql.raw(`create trigger orders_numbers_insert after insert on orders begin
      insert into orders_numbers (rowid, numbers) values (new.id, ${numbersDocument('new')});
    end`).execute(db);
  await sql.raw(`create trigger orders_numbers_update after update of order_number, external_order_number on orders begin
      delete from orders_numbers where rowid = old.id;
      insert into orders_numbers (rowid, numbers) values (new.id, ${numbersDocument('new')});
    end`).execute(db);
  await sql`create trigger orders_numbers_delete after delete on orders begin delete from orders_numbers where rowid = old.id; end`.execute(db);

  await sql`create virtual table orders_words using fts5(scope, words, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1)`.execute(db);
  await sql.raw(`insert into orders_words (rowid, scope, words) select o.id, ${wordsScope('o')}, o.search_text from orders o`).execute(db);
  await sql.raw(`create trigger orders_words_insert after insert on orders begin
      insert into orders_words (rowid, scope, words) values (new.id, ${wordsScope('new')}, new.search_text);
    end`).execute(db);
  await sql.raw(`create trigger orders_words_update after update of company_id, user_id, search_text on orders begin
      delete from orders_words where rowid = old.id;
      insert into orders_words (rowid, scope, words) values (new.id, ${wordsScope('new')}, new.search_text);
    end`).execute(db);
  await sql`create trigger orders_words_delete after delete on orders begin delete from orders_words where rowid = old.id; end`.execute(db);
  // One b-tree per table after the bulk fill (later writes are merged as FTS5 goes).
  for (const table of ['orders_numbers', 'orders_words']) await sql.raw(`insert into ${table} (${table}) values ('optimize')`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  if (sqlite) {
    for (const trigger of ['orders_search_insert', 'orders_search_update', 'orders_search_delete']) await sql.raw(`drop trigger ${trigger}`).execute(db);
    await sql`drop table orders_search`.execute(db);
  }
  await rewriteSearchText(db);
  if (sqlite) return createSqliteTables(db);
  await db.schema.dropIndex('orders_history_search_idx').execute();
  await sql.raw(`create index orders_numbers_search_idx on orders using gin ((${numbersDocument('orders')}) gin_trgm_ops)`).execute(db);
  await sql`create index orders_words_search_idx on orders using gin ((' ' || search_text) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const oldDocument = (row: string) => `lower(${row}.order_number) || ' ' || lower(coalesce(${row}.external_order_number, '')) || ' ' || ${row}.search_text`;
  if (engineOf(db) === 'postgres') {
    for (const index of ['orders_numbers_search_idx', 'orders_words_search_idx']) await db.schema.dropIndex(index).execute();
    await sql.raw(`create index orders_history_search_idx on orders using gin ((${oldDocument('orders')}) gin_trgm_ops)`).execute(db);
    return;
  }
  for (const table of ['orders_numbers', 'orders_words']) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${table}_${event}`).execute(db);
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await sql`create virtual table orders_search using fts5(document, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql.raw(`insert into orders_search (rowid, document) select o.id, ${oldDocument('o')} from orders o`).execute(db);
  await sql.raw(`create trigger orders_search_insert after insert on orders begin insert into orders_search (rowid, document) values (new.id, ${oldDocument('new')}); end`).execute(db);
  await sql.raw(`create trigger orders_search_update after update of order_number, external_order_number, search_text on orders begin
      delete from orders_search where rowid = old.id;
      insert into orders_search (rowid, document) values (new.id, ${oldDocument('new')});
    end`).execute(db);
  await sql`create trigger orders_search_delete after delete on orders begin delete from orders_search where rowid = old.id; end`.execute(db);
}
