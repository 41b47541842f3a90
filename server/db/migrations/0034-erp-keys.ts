import { sql, type Kysely } from 'kysely';
import { flag } from '../migration-helpers.ts';

// The ERP's own keys on what it loads (docs/erp-integration.md): categories, seasons, users and addresses
// get an external_id, unique per tenant where set (products keep their sku, variants their variant_sku,
// companies their customer_no, which are unique already). Rows the shop made itself keep it null.
//
// A product shows in the storefront only with its price and its category: products.is_active stays the
// one column the catalogue reads, and the ERP's wish is kept apart from what stops it:
//   - erp_active: what the ERP sent as `active` (1 for every product made before);
//   - has_price: 0 for a product the ERP created before its list price came (1 for every other);
// the catalogue upsert and the price upsert keep is_active = erp_active and has_price, in the same write.

const keyed = ['categories', 'seasons', 'users', 'addresses'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of keyed) {
    await db.schema.alterTable(table).addColumn('external_id', 'text').execute();
    await sql.raw(`create unique index ${table}_tenant_id_external_id_uq on ${table} (tenant_id, external_id) where external_id is not null`).execute(db);
  }
  await db.schema.alterTable('products').addColumn('erp_active', 'integer', flag(1)).execute();
  await db.schema.alterTable('products').addColumn('has_price', 'integer', flag(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('has_price').execute();
  await db.schema.alterTable('products').dropColumn('erp_active').execute();
  for (const table of keyed) {
    await sql.raw(`drop index ${table}_tenant_id_external_id_uq`).execute(db);
    await db.schema.alterTable(table).dropColumn('external_id').execute();
  }
}
