import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  engineOf,
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

// Orders with their items, notes per delivery date and parcels; invoices and credit notes.
// Totals and document amounts are bigint cents.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const now = timestampNow(e);
  const orderType = (c: ColumnDefinitionBuilder) => oneOf('order_type', ['order', 'preOrder'])(c.notNull().defaultTo('order'));

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_number', 'text', notNull)
    .addColumn('company_id', 'integer', ref('companies.id'))
    .addColumn('user_id', 'integer', optionalRef('users.id'))
    .addColumn('order_type', 'text', orderType)
    .addColumn('order_date', 'text', notNull)
    .addColumn('doc_date', 'text')
    .addColumn('delivery_date', 'text')
    .addColumn('doc_number', 'text')
    .addColumn('doc_type', 'text')
    .addColumn('external_order_number', 'text')
    .addColumn('displayed_order_description', 'text')
    .addColumn('status_id', 'text', textDefault('1'))
    .addColumn('sales_head_status', 'text')
    .addColumn('delivery_status', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('payment_status', 'text')
    .addColumn('shipping_method_id', 'integer', optionalRef('shipping_methods.id'))
    .addColumn('receiver_company', 'text')
    .addColumn('receiver_first_name', 'text')
    .addColumn('receiver_last_name', 'text')
    .addColumn('receiver_street', 'text')
    .addColumn('receiver_street2', 'text')
    .addColumn('receiver_zip_code', 'text')
    .addColumn('receiver_city', 'text')
    .addColumn('receiver_country_code', 'text')
    .addColumn('receiver_country_name', 'text')
    .addColumn('receiver_phone', 'text')
    .addColumn('shipping_price_cents', 'integer', intDefault(0))
    .addColumn('discount_percent_bp', 'integer', intDefault(0))
    .addColumn('discount_cents', 'bigint', intDefault(0))
    .addColumn('net_total_cents', 'bigint', notNull)
    .addColumn('vat_total_cents', 'bigint', notNull)
    .addColumn('gross_total_cents', 'bigint', notNull)
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('idempotency_key', 'text')
    .addColumn('document_link', 'text')
    .addColumn('del_documents_links', 'text', textDefault('[]'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await createIndex(db, 'orders', ['tenant_id', 'order_number'], { unique: true });
  await createIndex(db, 'orders', ['tenant_id', 'idempotency_key'], { unique: true });
  await createIndex(db, 'orders', ['tenant_id', 'company_id', 'order_date']);
  await createIndex(db, 'orders', ['tenant_id', 'user_id', 'order_date']);

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('product_id', 'integer', optionalRef('products.id'))
    .addColumn('variant_id', 'integer', optionalRef('product_variants.id'))
    .addColumn('sku', 'text', notNull)
    .addColumn('variant_sku', 'text')
    .addColumn('name', 'text', notNull)
    .addColumn('order_type', 'text', orderType)
    .addColumn('season_id', 'integer', optionalRef('seasons.id'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit_price_cents', 'integer', notNull)
    .addColumn('vat_rate_bp', 'integer', notNull)
    .addColumn('line_net_cents', 'bigint', notNull)
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('custom_attributes', 'text')
    .addColumn('sort_order', 'integer', intDefault(0))
    .execute();
  await createIndex(db, 'order_items', ['order_id', 'sort_order']);
  // "Only bought products may be reviewed": items by product, joined to the order's company/user.
  await createIndex(db, 'order_items', ['tenant_id', 'product_id']);

  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('delivery_date', 'text')
    .addColumn('note', 'text', notNull)
    .execute();
  await createIndex(db, 'order_notes', ['order_id']);

  await db.schema
    .createTable('order_packs')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('carrier', 'text', notNull)
    .addColumn('tracking_code', 'text', notNull)
    .addColumn('tracking_url', 'text')
    .execute();
  await createIndex(db, 'order_packs', ['order_id']);

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id'))
    .addColumn('order_id', 'integer', optionalRef('orders.id'))
    .addColumn('fin_doc_number', 'text', notNull)
    .addColumn('external_invoice_number', 'text')
    .addColumn('doc_date', 'text', notNull)
    .addColumn('doc_type_name', 'text', notNull)
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('open_amount_cents', 'bigint', intDefault(0))
    .addColumn('balance_cents', 'bigint', intDefault(0))
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('invoice_link', 'text')
    .addColumn('payment_status', 'text', notNull)
    .addColumn('postway', 'text')
    .addColumn('due_date', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'invoices', ['tenant_id', 'fin_doc_number'], { unique: true });
  await createIndex(db, 'invoices', ['tenant_id', 'company_id', 'doc_date']);

  await db.schema
    .createTable('credits')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id'))
    .addColumn('invoice_id', 'integer', optionalRef('invoices.id'))
    .addColumn('fin_doc_number', 'text', notNull)
    .addColumn('external_credit_number', 'text')
    .addColumn('doc_date', 'text', notNull)
    .addColumn('doc_type_name', 'text', notNull)
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('open_amount_cents', 'bigint', intDefault(0))
    .addColumn('balance_cents', 'bigint', intDefault(0))
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('credit_link', 'text')
    .addColumn('payment_status', 'text', notNull)
    .addColumn('postway', 'text')
    .addColumn('due_date', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await createIndex(db, 'credits', ['tenant_id', 'fin_doc_number'], { unique: true });
  await createIndex(db, 'credits', ['tenant_id', 'company_id', 'doc_date']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['credits', 'invoices', 'order_packs', 'order_notes', 'order_items', 'orders']);
}
