import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The order history's search and its sort by order number at 20,000 orders per company.
//  - SQLite: orders_search, an FTS5 table with the trigram tokenizer over the same search document as
//    migration 0018 (order number, PO number, the lines' skus and names). A term of three characters or
//    more is looked up in it instead of reading the text of every order of the company: a term found in a
//    few orders costs a fraction of a millisecond instead of about 15. The table is contentless (it keeps
//    the index, not a second copy of the text) and kept in step by triggers, like the catalogue's derived
//    data (ADR 0007), so every writer of orders (checkout, seed, ERP import) keeps it right without knowing.
//    PostgreSQL answers the same search from its trigram index (migration 0018) and needs nothing here.
//  - orders_history_number_idx (both engines): the company's orders in order-number order; the sort by
//    order number walked the tenant's order numbers and read each order row to find the company's.

const searchDocument = (row: string) => `lower(${row}.order_number) || ' ' || lower(coalesce(${row}.external_order_number, '')) || ' ' || ${row}.search_text`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_history_number_idx on orders (tenant_id, company_id, order_number, id)`.execute(db);
  if (engineOf(db) !== 'sqlite') return;
  await sql`create virtual table orders_search using fts5(document, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql.raw(`insert into orders_search (rowid, document) select o.id, ${searchDocument('o')} from orders o`).execute(db);
  await sql.raw(`create trigger orders_search_insert after insert on orders begin
      insert into orders_search (rowid, document) values (new.id, ${searchDocument('new')});
    end`).execute(db);
  await sql.raw(`create trigger orders_search_update after update of order_number, external_order_number, search_text on orders begin
      delete from orders_search where rowid = old.id;
      insert into orders_search (rowid, document) values (new.id, ${searchDocument('new')});
    end`).execute(db);
  await sql`create trigger orders_search_delete after delete on orders begin
      delete from orders_search where rowid = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['orders_search_insert', 'orders_search_update', 'orders_search_delete']) await sql.raw(`drop trigger ${trigger}`).execute(db);
    await sql`drop table orders_search`.execute(db);
  }
  await db.schema.dropIndex('orders_history_number_idx').execute();
}
