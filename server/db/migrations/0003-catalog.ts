import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  engineOf,
  flag,
  id,
  intDefault,
  notNull,
  optionalRef,
  ref,
  tenantRef,
  textDefault,
  timestampNow,
} from '../migration-helpers.ts';

// The catalogue: categories, units, products with variants, images, units, pre-stocks per season,
// customer-specific prices, downloads and reviews.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const now = timestampNow(e);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('slug', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text')
    .addColumn('is_deal', 'integer', flag(0))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('sort_order', 'integer', intDefault(0))
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'categories', ['tenant_id', 'slug'], { unique: true });
  await createIndex(db, 'categories', ['tenant_id', 'parent_id', 'sort_order']);

  await db.schema
    .createTable('sales_units')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text')
    .execute();
  await createIndex(db, 'sales_units', ['tenant_id', 'code'], { unique: true });

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('category_id', 'integer', ref('categories.id'))
    .addColumn('sku', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text')
    .addColumn('description', 'text')
    .addColumn('description_en', 'text')
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('retail_price_cents', 'integer')
    .addColumn('pre_order_price_cents', 'integer')
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('tax_category', 'text', textDefault('standard'))
    .addColumn('vat_rate_bp', 'integer', notNull)
    .addColumn('stock', 'integer', intDefault(0))
    .addColumn('is_stock_freeze', 'integer', flag(0))
    .addColumn('is_only_sellable_with_positive_stock', 'integer', flag(0))
    .addColumn('sales_batch_size', 'integer', intDefault(1))
    .addColumn('sales_unit_id', 'integer', optionalRef('sales_units.id'))
    .addColumn('release_date', 'text')
    .addColumn('attributes', 'text', textDefault('{}'))
    .addColumn('sales_attributes', 'text', textDefault('{}'))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('is_featured', 'integer', flag(0))
    .addColumn('bestseller_rank', 'integer')
    .addColumn('is_downloadable', 'integer', flag(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await createIndex(db, 'products', ['tenant_id', 'sku'], { unique: true });
  // Category listing: WHERE tenant_id = ? AND category_id IN (…) AND is_active = 1 ORDER BY name, id.
  await createIndex(db, 'products', ['tenant_id', 'category_id', 'is_active', 'name', 'id']);
  await createIndex(db, 'products', ['tenant_id', 'is_featured']);
  await createIndex(db, 'products', ['tenant_id', 'bestseller_rank']);

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('variant_sku', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('attributes', 'text', textDefault('{}'))
    .addColumn('price_cents', 'integer')
    .addColumn('stock', 'integer', intDefault(0))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'product_variants', ['tenant_id', 'variant_sku'], { unique: true });
  await createIndex(db, 'product_variants', ['product_id', 'sort_order']);

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('url', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'product_images', ['product_id', 'sort_order']);

  await db.schema
    .createTable('material_units')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('unit_id', 'integer', ref('sales_units.id'))
    .addColumn('base_exchange_ratio_milli', 'integer', notNull)
    .addColumn('main_unit_id', 'integer', ref('sales_units.id'))
    .execute();
  await createIndex(db, 'material_units', ['product_id', 'unit_id'], { unique: true });

  await db.schema
    .createTable('product_pre_stocks')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('season_id', 'integer', ref('seasons.id', 'cascade'))
    .addColumn('quantity', 'integer', intDefault(0))
    .addPrimaryKeyConstraint('product_pre_stocks_pk', ['product_id', 'season_id'])
    .execute();
  await createIndex(db, 'product_pre_stocks', ['season_id']);

  await db.schema
    .createTable('customer_prices')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id', 'cascade'))
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('price_cents', 'integer', notNull)
    .addPrimaryKeyConstraint('customer_prices_pk', ['tenant_id', 'company_id', 'product_id'])
    .execute();
  await createIndex(db, 'customer_prices', ['product_id']);

  await db.schema
    .createTable('downloads')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('title', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'downloads', ['tenant_id', 'product_id']);

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'reviews', ['tenant_id', 'product_id', 'created_at']);
  await createIndex(db, 'reviews', ['user_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'reviews',
    'downloads',
    'customer_prices',
    'product_pre_stocks',
    'material_units',
    'product_images',
    'product_variants',
    'products',
    'sales_units',
    'categories',
  ]);
}
