import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  engineOf,
  flag,
  id,
  intDefault,
  notNull,
  oneOf,
  optionalRef,
  ref,
  tenantRef,
  textDefault,
  timestampNow,
} from '../migration-helpers.ts';

// What a user keeps between visits: the basket (order and pre-order lines), the wishlist,
// stock alarms and the stock notifications raised from them.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const now = timestampNow(e);

  await db.schema
    .createTable('baskets')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await createIndex(db, 'baskets', ['user_id'], { unique: true });
  await createIndex(db, 'baskets', ['tenant_id', 'user_id']);

  await db.schema
    .createTable('basket_lines')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('basket_id', 'integer', ref('baskets.id', 'cascade'))
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('cascade'))
    .addColumn('sku', 'text', notNull)
    .addColumn('variant_sku', 'text')
    .addColumn('order_type', 'text', (c) => oneOf('order_type', ['order', 'preOrder'])(c.notNull()))
    .addColumn('quantity', 'integer', intDefault(0))
    .addColumn('quantities', 'text', textDefault('[]'))
    .addColumn('custom_attributes', 'text')
    .addColumn('packs', 'text')
    .addColumn('unit_price_cents', 'integer', notNull)
    .addColumn('old_price_cents', 'integer')
    .addColumn('sort_order', 'integer', intDefault(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await createIndex(db, 'basket_lines', ['basket_id', 'order_type', 'sort_order']);
  await createIndex(db, 'basket_lines', ['product_id']);

  await db.schema
    .createTable('wishlists')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await createIndex(db, 'wishlists', ['user_id'], { unique: true });
  await createIndex(db, 'wishlists', ['tenant_id', 'user_id']);

  await db.schema
    .createTable('wishlist_items')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('wishlist_id', 'integer', ref('wishlists.id', 'cascade'))
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('created_at', 'text', now)
    .addPrimaryKeyConstraint('wishlist_items_pk', ['wishlist_id', 'product_id'])
    .execute();
  await createIndex(db, 'wishlist_items', ['product_id']);

  await db.schema
    .createTable('stock_alarms')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('product_id', 'integer', ref('products.id', 'cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('domain_reference', 'text', notNull)
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'stock_alarms', ['tenant_id', 'user_id', 'created_at']);
  await createIndex(db, 'stock_alarms', ['user_id', 'domain_reference'], { unique: true });
  await createIndex(db, 'stock_alarms', ['tenant_id', 'product_id']);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('product_id', 'integer', optionalRef('products.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('domain_reference', 'text')
    .addColumn('viewed', 'integer', flag(0))
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'notifications', ['tenant_id', 'user_id', 'viewed', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['notifications', 'stock_alarms', 'wishlist_items', 'wishlists', 'basket_lines', 'baskets']);
}
