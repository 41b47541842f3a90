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
  ref,
  tenantRef,
  textDefault,
  timestampNow,
} from '../migration-helpers.ts';

// Per-tenant reference data the configuration endpoint joins in: VAT table, seasons, shipping and
// payment methods, order and sales-head statuses, content pages.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);

  await db.schema
    .createTable('vat_rates')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('country_code', 'text', notNull)
    .addColumn('tax_category', 'text', notNull)
    .addColumn('rate_bp', 'integer', notNull)
    .addPrimaryKeyConstraint('vat_rates_pk', ['tenant_id', 'country_code', 'tax_category'])
    .execute();

  await db.schema
    .createTable('seasons')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', notNull)
    .addColumn('date', 'text', notNull)
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'seasons', ['tenant_id', 'sort_order']);

  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', notNull)
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'shipping_methods', ['tenant_id', 'sort_order']);

  await db.schema
    .createTable('shipping_method_countries')
    .addColumn('shipping_method_id', 'integer', ref('shipping_methods.id', 'cascade'))
    .addColumn('country_code', 'text', notNull)
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('limit_type', 'text', oneOf('limit_type', ['fixed', 'percent']))
    .addColumn('limit_value', 'integer')
    .addColumn('limit_cart_amount_cents', 'integer')
    .addPrimaryKeyConstraint('shipping_method_countries_pk', ['shipping_method_id', 'country_code'])
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('code', 'text', notNull)
    .addColumn('name_de', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'payment_methods', ['tenant_id', 'code'], { unique: true });

  for (const table of ['order_statuses', 'sales_head_statuses']) {
    await db.schema
      .createTable(table)
      .addColumn('tenant_id', 'integer', tenantRef)
      .addColumn('id', 'text', notNull)
      .addColumn('localizations', 'text', textDefault('{}'))
      .addColumn('sort_order', 'integer', intDefault(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'id'])
      .execute();
  }

  await db.schema
    .createTable('content_pages')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('slug', 'text', notNull)
    .addColumn('title_de', 'text', notNull)
    .addColumn('title_en', 'text', notNull)
    .addColumn('html_de', 'text', textDefault(''))
    .addColumn('html_en', 'text', textDefault(''))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('sort_order', 'integer', intDefault(0))
    .addColumn('updated_at', 'text', timestampNow(e))
    .execute();
  await createIndex(db, 'content_pages', ['tenant_id', 'slug'], { unique: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'content_pages',
    'sales_head_statuses',
    'order_statuses',
    'payment_methods',
    'shipping_method_countries',
    'shipping_methods',
    'seasons',
    'vat_rates',
  ]);
}
