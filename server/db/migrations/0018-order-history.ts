import { sql, type Kysely } from 'kysely';
import { engineOf } from '../migration-helpers.ts';

// The order history at 20,000 orders per company. The list, its count, filters, sorts and
// search read narrow indexes of the company's orders instead of the wide order rows (addresses, costs and
// the seller's snapshot make a row over a kilobyte): a page reads the order rows of its 20 orders only.
//  - orders_history_idx: the list order (order_date, id) with the filter columns; it replaces the index on
//    (tenant_id, company_id, order_date), whose every use it serves.
//  - orders_history_total_idx: the list sorted by total.
//  - orders_history_search_idx, for the search (order number, PO number and the lines' text,
//    order-history.repository.ts): on SQLite a covering index in list order that holds the text (an SQLite
//    index entry may be of any size); on PostgreSQL a trigram index on exactly the expression the search
//    reads, since a B-tree entry may not exceed about 2.7 kB, too little for the text of a long order.
// Placing an order now maintains two indexes more on orders; it runs no statement more.

const searchDocument = `(lower(order_number) || ' ' || lower(coalesce(external_order_number, '')) || ' ' || search_text)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create index orders_history_idx on orders (tenant_id, company_id, order_date, id) include (status_id, order_type, gross_total_cents)`.execute(db);
    await sql.raw(`create index orders_history_search_idx on orders using gin (${searchDocument} gin_trgm_ops)`).execute(db);
  } else {
    await sql`create index orders_history_idx on orders (tenant_id, company_id, order_date, id, status_id, order_type, gross_total_cents)`.execute(db);
    await sql`create index orders_history_search_idx on orders (tenant_id, company_id, order_date, id, status_id, order_type, order_number, external_order_number, search_text)`.execute(db);
  }
  await sql`create index orders_history_total_idx on orders (tenant_id, company_id, gross_total_cents, id)`.execute(db);
  await db.schema.dropIndex('orders_tenant_id_company_id_order_date_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_tenant_id_company_id_order_date_idx').on('orders').columns(['tenant_id', 'company_id', 'order_date']).execute();
  for (const index of ['orders_history_total_idx', 'orders_history_search_idx', 'orders_history_idx']) await db.schema.dropIndex(index).execute();
}
