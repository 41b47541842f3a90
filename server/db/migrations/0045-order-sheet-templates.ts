import type { Kysely } from 'kysely';

// The personalised order sheet (docs/product.md, Order sheets: the personalised sheet; ADR 0026).
//  - tenants.order_sheet_key: the tenant's key for signing the sheets it hands out (HMAC-SHA256, base64url of
//    32 random bytes), made on first use; an app instance only ever sets it where it is still null, so two
//    instances making one at once end with the one that was written first.
//  - order_sheet_imports.origin: what an uploaded sheet's keys said (JSON: { madeAt } for a sheet made for this
//    customer, { foreign: true } for one that was not); null for a paste or a sheet without keys.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('order_sheet_key', 'text').execute();
  await db.schema.alterTable('order_sheet_imports').addColumn('origin', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_sheet_imports').dropColumn('origin').execute();
  await db.schema.alterTable('tenants').dropColumn('order_sheet_key').execute();
}
