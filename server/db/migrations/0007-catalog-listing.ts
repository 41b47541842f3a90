import { sql, type Kysely } from 'kysely';
import { createIndex, engineOf, flag, notNull, ref } from '../migration-helpers.ts';
import { createCatalogTriggers, dropCatalogTriggers, insertFacetsSql } from './0007-catalog-listing.triggers.ts';

// What the catalogue listing needs to stay fast at a million products (see bench/catalog-queries.ts):
// - covering indexes in the listing's sort order (name, id) that also carry the filter columns
//   (stock, has_pre_stock), so a page, a deep page and a count read index entries only;
// - products.has_pre_stock, so "pre-order mode" is an index column instead of a probe per product;
// - product_facets, the attribute values per category in listing order, so an attribute filter, its
//   count and the filter options are index range reads instead of parsing the JSON of every product.
// The derived data is kept by triggers (0007-catalog-listing.triggers.ts) and backfilled here.

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await db.schema.alterTable('products').addColumn('has_pre_stock', 'integer', flag(0)).execute();
  await sql`update products set has_pre_stock = 1 where id in (select product_id from product_pre_stocks)`.execute(db);

  let facets = db.schema
    .createTable('product_facets')
    .addColumn('tenant_id', 'integer', notNull)
    .addColumn('category_id', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addColumn('product_name', 'text', notNull)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addPrimaryKeyConstraint('product_facets_pk', ['tenant_id', 'category_id', 'name', 'value', 'product_name', 'product_id']);
  // The primary key is the read path: a filtered list is a range of it, already in listing order
  // (product name, id). SQLite can store the rows in it instead of beside it.
  if (engine === 'sqlite') facets = facets.modifyEnd(sql`without rowid`);
  await facets.execute();
  await createIndex(db, 'product_facets', ['product_id']);
  await sql.raw(insertFacetsSql(engine, '1 = 1')).execute(db);

  await db.schema.dropIndex('products_tenant_id_category_id_is_active_name_id_idx').execute();
  await db.schema.dropIndex('products_tenant_id_is_featured_idx').execute();
  // One category: WHERE tenant_id = ? AND category_id = ? AND is_active = 1 [AND stock > 0] [AND has_pre_stock = 1]
  // ORDER BY name, id LIMIT … — a main category is a UNION ALL of one such range per subcategory.
  await db.schema
    .createIndex('products_listing_by_category_idx')
    .on('products')
    .columns(['tenant_id', 'category_id', 'is_active', 'name', 'id', 'stock', 'has_pre_stock'])
    .execute();
  // No category: every visible product in name order; category_id is carried to skip hidden categories.
  await db.schema
    .createIndex('products_listing_all_idx')
    .on('products')
    .columns(['tenant_id', 'is_active', 'name', 'id', 'category_id', 'stock', 'has_pre_stock'])
    .execute();
  await db.schema
    .createIndex('products_featured_listing_idx')
    .on('products')
    .columns(['tenant_id', 'is_featured', 'is_active', 'name', 'id'])
    .execute();

  await createCatalogTriggers(db, engine);
  // PostgreSQL plans by statistics: give it those of the backfilled table at once instead of at the
  // next autovacuum. SQLite's planner works from the indexes' shape alone (no sqlite_stat1 is kept).
  if (engine === 'postgres') await sql`analyze products, product_facets`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await dropCatalogTriggers(db, engine);
  await db.schema.dropIndex('products_featured_listing_idx').execute();
  await db.schema.dropIndex('products_listing_all_idx').execute();
  await db.schema.dropIndex('products_listing_by_category_idx').execute();
  await createIndex(db, 'products', ['tenant_id', 'category_id', 'is_active', 'name', 'id']);
  await createIndex(db, 'products', ['tenant_id', 'is_featured']);
  await db.schema.dropTable('product_facets').execute();
  await db.schema.alterTable('products').dropColumn('has_pre_stock').execute();
}
