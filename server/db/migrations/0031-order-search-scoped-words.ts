import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The order search on SQLite, cheaper per request (ADR 0014). Measured at 20,000 orders:
//  - orders_words had the order's company as a second column, so every lookup intersected the company's
//    token, whose list names all its 20,000 orders, with the word's: 0.28 ms for a sku in 88 orders. Now
//    each word is indexed under its scope, "c4_lindner" for the company and "c4u7_lindner" for the company
//    and user, and a lookup reads only the list of that word in that scope: 0.10 ms.
//  - orders_numbers_vocab tells how many orders hold a trigram, so a long number ("po-2026-10873", whose
//    trigrams "po-", "202", "026" are in every order) is looked up by its two rarest trigrams instead of
//    all eleven: 0.75 ms → 0.02 ms. Those orders are a superset; the history checks them against the term.
// PostgreSQL's search reads its trigram indexes (migration 0022) and is not changed here.

/** The words of search_text, each prefixed with `scope` (an SQL expression) and '_'. */
const scopedWords = (row: string, scope: string) =>
  `case when ${row}.search_text = '' then '' else ${scope} || '_' || replace(${row}.search_text, ' ', ' ' || ${scope} || '_') end`;
const companyScope = (row: string) => `'c' || ${row}.company_id`;
const userScope = (row: string) => `'c' || ${row}.company_id || 'u' || coalesce(${row}.user_id, 0)`;
const scopedColumns = (row: string) => `${scopedWords(row, companyScope(row))}, ${scopedWords(row, userScope(row))}`;

// Words hold letters and digits only (core/order-search-words.ts); '_' joins a scope to its word.
const scopedTable = `create virtual table orders_words using fts5(company_words, user_words, tokenize = "unicode61 remove_diacritics 0 tokenchars '_'", content = '', contentless_delete = 1)`;

// Migration 0022's table: the scope as a column of its own.
const oldScope = (row: string) => `'c' || ${row}.company_id || ' c' || ${row}.company_id || 'u' || coalesce(${row}.user_id, 0)`;
const oldTable = `create virtual table orders_words using fts5(scope, words, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1)`;

async function replaceWordsTable(db: Kysely<any>, table: string, columns: string, values: (row: string) => string) {
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger orders_words_${event}`).execute(db);
  await sql`drop table orders_words`.execute(db);
  await sql.raw(table).execute(db);
  await sql.raw(`insert into orders_words (rowid, ${columns}) select o.id, ${values('o')} from orders o`).execute(db);
  await sql.raw(`create trigger orders_words_insert after insert on orders begin
      insert into orders_words (rowid, ${columns}) values (new.id, ${values('new')});
    end`).execute(db);
  await sql.raw(`create trigger orders_words_update after update of company_id, user_id, search_text on orders begin
      delete from orders_words where rowid = old.id;
      insert into orders_words (rowid, ${columns}) values (new.id, ${values('new')});
    end`).execute(db);
  await sql`create trigger orders_words_delete after delete on orders begin delete from orders_words where rowid = old.id; end`.execute(db);
  await sql`insert into orders_words (orders_words) values ('optimize')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await replaceWordsTable(db, scopedTable, 'company_words, user_words', scopedColumns);
  await sql`create virtual table orders_numbers_vocab using fts5vocab(orders_numbers, 'row')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`drop table orders_numbers_vocab`.execute(db);
  await replaceWordsTable(db, oldTable, 'scope, words', (row) => `${oldScope(row)}, ${row}.search_text`);
}
