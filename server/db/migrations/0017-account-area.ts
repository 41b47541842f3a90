import { sql, type Kysely } from 'kysely';
import { engineOf, flag, id, notNull, oneOf, optionalRef, ref, tenantRef, textDefault, timestampNow } from '../migration-helpers.ts';

// The account area (order history, finance view, profile):
//  - finance_documents: invoices and credit notes in one table (they differ only in type), so the
//    finance view pages, filters and sums over one index. A document is a snapshot as issued: its seller,
//    buyer, lines and VAT breakdown are stored with it (JSON) and its PDF is rendered from them only.
//    net_cents/vat_cents may be unknown for documents an ERP delivers with the gross amount only.
//    payment_status is the settlement ('open' | 'partiallyPaid' | 'paid'); "overdue" is not stored, it
//    follows from due_date and the open amount on the day it is asked.
//    The rows of invoices and credits move over; both tables go.
//  - orders.search_text: the skus and names of the order's lines, lower case, written with the order
//    (an order never changes its lines), so the history searches one column of the company's orders.
//  - orders.seller: the seller's company data when the order was placed (JSON), for its confirmation PDF.
//  - order_status_events: the status timeline an order shows (placed = order_date, then each change).
//  - order_packs.shipped_at: when the parcel left.
//  - companies.users_see_company_orders (default on): whether users who are not customer admins see the
//    company's orders or only their own; companies.users_see_finance (default off): whether they see the
//    company's invoices and credits at all. Customer admins always see both.

const documentTypes = ['invoice', 'credit'] as const;
const settlementStates = ['open', 'partiallyPaid', 'paid'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('finance_documents')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('company_id', 'integer', ref('companies.id'))
    .addColumn('order_id', 'integer', optionalRef('orders.id'))
    .addColumn('type', 'text', (col) => oneOf('type', documentTypes)(col.notNull()))
    .addColumn('fin_doc_number', 'text', notNull)
    .addColumn('external_number', 'text')
    .addColumn('doc_date', 'text', notNull)
    .addColumn('doc_type_name', 'text', notNull)
    .addColumn('due_date', 'text')
    .addColumn('currency', 'text', textDefault('EUR'))
    .addColumn('net_cents', 'bigint')
    .addColumn('vat_cents', 'bigint')
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('open_amount_cents', 'bigint', notNull)
    .addColumn('balance_cents', 'bigint', notNull)
    .addColumn('payment_status', 'text', (col) => oneOf('payment_status', settlementStates)(col.notNull()))
    .addColumn('postway', 'text')
    .addColumn('document_link', 'text')
    .addColumn('seller', 'text')
    .addColumn('buyer', 'text')
    .addColumn('lines', 'text', textDefault('[]'))
    .addColumn('vat_by_rate', 'text', textDefault('[]'))
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await db.schema.createIndex('finance_documents_number_uq').on('finance_documents').columns(['tenant_id', 'fin_doc_number']).unique().execute();
  await db.schema.createIndex('finance_documents_company_date_idx').on('finance_documents').columns(['tenant_id', 'company_id', 'doc_date', 'id']).execute();
  // An order's invoices (its detail page, and deleting an order must not scan every document).
  await db.schema.createIndex('finance_documents_order_idx').on('finance_documents').column('order_id').execute();
  // The open items of a company (the summary, the statement, the "open"/"overdue" filters) are few next to
  // the settled ones: a partial index holds only those.
  await sql`create index finance_documents_open_idx on finance_documents (tenant_id, company_id, due_date) where open_amount_cents <> 0`.execute(db);

  await sql`
    insert into finance_documents (tenant_id, company_id, order_id, type, fin_doc_number, external_number, doc_date, doc_type_name, due_date, currency,
      amount_cents, open_amount_cents, balance_cents, payment_status, postway, document_link, created_at)
    select tenant_id, company_id, order_id, 'invoice', fin_doc_number, external_invoice_number, doc_date, doc_type_name, due_date, currency,
      amount_cents, open_amount_cents, balance_cents,
      case when open_amount_cents = 0 then 'paid' when open_amount_cents < amount_cents then 'partiallyPaid' else 'open' end,
      postway, invoice_link, created_at
    from invoices
  `.execute(db);
  await sql`
    insert into finance_documents (tenant_id, company_id, order_id, type, fin_doc_number, external_number, doc_date, doc_type_name, due_date, currency,
      amount_cents, open_amount_cents, balance_cents, payment_status, postway, document_link, created_at)
    select tenant_id, company_id, null, 'credit', fin_doc_number, external_credit_number, doc_date, doc_type_name, due_date, currency,
      amount_cents, open_amount_cents, balance_cents,
      case when open_amount_cents = 0 then 'paid' when open_amount_cents < amount_cents then 'partiallyPaid' else 'open' end,
      postway, credit_link, created_at
    from credits
  `.execute(db);
  await db.schema.dropTable('credits').execute();
  await db.schema.dropTable('invoices').execute();

  await db.schema.alterTable('orders').addColumn('search_text', 'text', textDefault('')).execute();
  await db.schema.alterTable('orders').addColumn('seller', 'text').execute();
  const linesText =
    e === 'postgres'
      ? sql`string_agg(i.sku || ' ' || coalesce(i.variant_sku, '') || ' ' || i.name, ' ')`
      : sql`group_concat(i.sku || ' ' || coalesce(i.variant_sku, '') || ' ' || i.name, ' ')`;
  await sql`update orders set search_text = lower(coalesce((select ${linesText} from order_items i where i.order_id = orders.id), ''))`.execute(db);
  const sellerJson =
    e === 'postgres'
      ? sql`json_build_object('name', s.name, 'address', s.address, 'postCode', s.post_code, 'city', s.city, 'countryCode', s.country_code, 'countryName', s.country_name, 'phone', s.phone, 'email', s.email, 'logoUrl', s.logo_url)::text`
      : sql`json_object('name', s.name, 'address', s.address, 'postCode', s.post_code, 'city', s.city, 'countryCode', s.country_code, 'countryName', s.country_name, 'phone', s.phone, 'email', s.email, 'logoUrl', s.logo_url)`;
  await sql`update orders set seller = (select ${sellerJson} from seller_companies s where s.tenant_id = orders.tenant_id)`.execute(db);

  await db.schema
    .createTable('order_status_events')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('status_id', 'text', notNull)
    .addColumn('occurred_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('order_status_events_order_idx').on('order_status_events').columns(['order_id', 'occurred_at']).execute();

  await db.schema.alterTable('order_packs').addColumn('shipped_at', 'text').execute();
  await db.schema.alterTable('companies').addColumn('users_see_company_orders', 'integer', flag(1)).execute();
  await db.schema.alterTable('companies').addColumn('users_see_finance', 'integer', flag(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['users_see_company_orders', 'users_see_finance']) await db.schema.alterTable('companies').dropColumn(column).execute();
  await db.schema.alterTable('order_packs').dropColumn('shipped_at').execute();
  await db.schema.dropTable('order_status_events').execute();
  for (const column of ['search_text', 'seller']) await db.schema.alterTable('orders').dropColumn(column).execute();
  // invoices and credits are not brought back: migration 0005's down drops them anyway.
  await db.schema.dropTable('finance_documents').execute();
}
