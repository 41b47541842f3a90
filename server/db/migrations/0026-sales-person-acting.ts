import { sql, type Kysely } from 'kysely';
import { engineOf, id, notNull, optionalRef, ref, tenantRef, textDefault, timestampNow } from '../migration-helpers.ts';

// Sales persons acting for the customers they serve (ADR 0015 in docs/decisions):
//  - sales_person_activity: the audit trail a customer admin reads — who (the sales person, with their name
//    as it was), for whom (the company), what (an action key and a small JSON detail), when. Written in the
//    transaction of the change it records. Read newest first per company: (company_id, created_at, id).
//  - orders.placed_by_user_id / placed_by: an order a sales person placed for the company, and (JSON) their
//    name and the company's name and customer number at that time, so the order detail says "placed by …
//    for …" as it was, even after the account is gone.
//  - baskets.company_id / wishlists.company_id: a cart and a wishlist belong to the user *and* the company
//    they act for, so a sales person has one per customer and a switch brings up that customer's. Existing
//    rows get the company their user acts for now. One per user and company; users without a company
//    (none shop today) count as company 0, so the unique index holds for them too.

const scoped = ['baskets', 'wishlists'] as const;

async function actingCompanyBackfill(db: Kysely<any>, table: string): Promise<void> {
  await sql`
    update ${sql.table(table)} set company_id = (
      select case when u.role = 'sales' then coalesce(u.current_company_id, u.company_id) else u.company_id end
        from users u where u.id = ${sql.ref(`${table}.user_id`)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('sales_person_activity')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('sales_person_id', 'integer', optionalRef('users.id'))
    .addColumn('sales_person_name', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('detail', 'text', textDefault('{}'))
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await db.schema.createIndex('sales_person_activity_company_idx').on('sales_person_activity').columns(['company_id', 'created_at', 'id']).execute();
  // Deleting a user sets their entries' sales_person_id to null: without an index that scans the table.
  await db.schema.createIndex('sales_person_activity_sales_person_idx').on('sales_person_activity').column('sales_person_id').execute();

  await db.schema.alterTable('orders').addColumn('placed_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('orders').addColumn('placed_by', 'text').execute();
  // Deleting a user clears their orders' placed_by_user_id; only orders placed by sales persons are indexed.
  await sql`create index orders_placed_by_idx on orders (placed_by_user_id) where placed_by_user_id is not null`.execute(db);

  for (const table of scoped) {
    await db.schema.alterTable(table).addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade')).execute();
    await actingCompanyBackfill(db, table);
    await db.schema.dropIndex(`${table}_user_id_uq`).execute();
    await sql.raw(`create unique index ${table}_user_company_uq on ${table} (user_id, coalesce(company_id, 0))`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of scoped) {
    // Back to one per user: the one of the company the user acts for now (else the oldest) stays.
    await sql
      .raw(
        `delete from ${table} where id not in (
           select coalesce(max(case when t.company_id = coalesce(case when u.role = 'sales' then u.current_company_id end, u.company_id) then t.id end), min(t.id))
             from ${table} t join users u on u.id = t.user_id group by t.user_id)`,
      )
      .execute(db);
    await db.schema.dropIndex(`${table}_user_company_uq`).execute();
    await db.schema.alterTable(table).dropColumn('company_id').execute();
    await db.schema.createIndex(`${table}_user_id_uq`).on(table).column('user_id').unique().execute();
  }
  await db.schema.dropIndex('orders_placed_by_idx').execute();
  await db.schema.alterTable('orders').dropColumn('placed_by').execute();
  await db.schema.alterTable('orders').dropColumn('placed_by_user_id').execute();
  await db.schema.dropTable('sales_person_activity').execute();
}
