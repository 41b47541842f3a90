import { sql, type Kysely } from 'kysely';
import { engineOf, id, notNull, ref, tenantRef } from '../migration-helpers.ts';

// Tier prices and the days a price applies on (PUT /erp/v1/prices, docs/erp-integration.md "Prices";
// the rule in docs/product.md, "The buyer's price"):
//  - tier_prices: a product's price from a minimum quantity on, for everyone (company_id null) or for one
//    company; it applies to every variant of the product. One tier per product, company, minimum quantity
//    and first day: the unique index reads a missing company as 0 and an open start as '' so that nulls
//    do not slip past it (both engines treat nulls in a unique index as distinct).
//  - valid_from / valid_to on customer and tier prices: shop days 'YYYY-MM-DD' (core/shop-day.ts), both
//    inclusive, null where open; compared as text, which orders such dates like days.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.alterTable('customer_prices').addColumn('valid_from', 'text').execute();
  await db.schema.alterTable('customer_prices').addColumn('valid_to', 'text').execute();
  await db.schema
    .createTable('tier_prices')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    // A company's tier goes with the company: set null would make it everyone's.
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('min_quantity', 'integer', (col) => col.notNull().check(sql`min_quantity >= 2`))
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .execute();
  await sql
    .raw(
      "create unique index tier_prices_tier_uq on tier_prices (tenant_id, product_id, coalesce(company_id, 0), min_quantity, coalesce(valid_from, ''))",
    )
    .execute(db);
  await sql.raw('create index tier_prices_product_id_idx on tier_prices (product_id)').execute(db);
  await sql.raw('create index tier_prices_company_id_idx on tier_prices (company_id)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tier_prices').execute();
  await db.schema.alterTable('customer_prices').dropColumn('valid_to').execute();
  await db.schema.alterTable('customer_prices').dropColumn('valid_from').execute();
}
