import { orderLinesSearchText } from '../../core/order-search-words.ts';
import type { Database } from '../../server/db/database.ts';
import type { OrderType, Role } from '../../server/db/schema.ts';
import { hashSessionToken, newSessionToken } from '../../server/modules/auth/session-token.ts';
import type { TestShop } from './helper.ts';

// Order history data written straight into a test file's private database: companies, users with live
// sessions, and orders with their lines, status changes and parcels, as the ERP or the order placement
// leaves them. The demo seed's orders are not used (their details may change).

export interface HistoryUser {
  userId: number;
  /** The Authorization header value of the user's session. */
  auth: string;
}

export async function demoTenantId(db: Database): Promise<number> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

export async function companyId(db: Database, customerNo: string): Promise<number> {
  return (await db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow()).id;
}

export async function createCompany(db: Database, tenantId: number, customerNo: string, usersSeeCompanyOrders: 0 | 1): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({ tenant_id: tenantId, customer_no: customerNo, name: `Firma ${customerNo}`, vat_country_code: 'DE', users_see_company_orders: usersSeeCompanyOrders })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createUser(db: Database, tenantId: number, companyId: number, username: string, role: Role): Promise<HistoryUser> {
  const template = await db.selectFrom('users').select('password_hash').where('username', '=', 'customer').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ tenant_id: tenantId, company_id: companyId, current_company_id: null, username, email: `${username}@example.com`, first_name: 'Test', last_name: username, phone: null, password_hash: template.password_hash, role, locale: null, is_deal: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  const now = new Date().toISOString();
  await db.insertInto('sessions').values({ tenant_id: tenantId, user_id: user.id, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
  return { userId: user.id, auth: `Basic ${token}` };
}

export interface LineSpec {
  sku: string;
  variantSku?: string | null;
  name: string;
  quantity: number;
  unitCents: number;
  orderType?: OrderType;
  seasonId?: number | null;
  productId?: number | null;
}

export interface OrderSpec {
  companyId: number;
  userId: number | null;
  orderNumber: string;
  orderDate: string;
  orderType?: OrderType;
  statusId?: string;
  externalOrderNumber?: string | null;
  deliveryStatus?: string | null;
  paymentStatus?: string | null;
  delDocumentsLinks?: unknown;
  lines: LineSpec[];
  /** Added to the lines' net total as shipping. */
  shippingCents?: number;
}

/** Writes an order with its lines the way the placement does (search_text included); answers its id. */
export async function insertOrder(db: Database, tenantId: number, spec: OrderSpec): Promise<number> {
  const goods = spec.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const net = goods + (spec.shippingCents ?? 0);
  const vat = Math.round(net * 0.19);
  const order = await db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      order_number: spec.orderNumber,
      company_id: spec.companyId,
      user_id: spec.userId,
      order_type: spec.orderType ?? 'order',
      order_date: spec.orderDate,
      external_order_number: spec.externalOrderNumber ?? null,
      status_id: spec.statusId ?? '1',
      delivery_status: spec.deliveryStatus ?? null,
      payment_status: spec.paymentStatus ?? 'open',
      payment_method: 'Rechnung',
      shipping_method_name: 'Standard',
      receiver_company: 'Empfänger GmbH',
      receiver_city: 'Hamburg',
      receiver_country_code: 'DE',
      receiver_country_name: 'Deutschland',
      shipping_price_cents: spec.shippingCents ?? 0,
      net_total_cents: net,
      vat_total_cents: vat,
      gross_total_cents: net + vat,
      currency: 'EUR',
      search_text: orderLinesSearchText(spec.lines.map((line) => ({ sku: line.sku, variant_sku: line.variantSku ?? null, name: line.name }))),
      del_documents_links: JSON.stringify(spec.delDocumentsLinks ?? []),
      created_at: spec.orderDate,
      updated_at: spec.orderDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      spec.lines.map((line, index) => ({
        tenant_id: tenantId,
        order_id: order.id,
        product_id: line.productId ?? null,
        sku: line.sku,
        variant_sku: line.variantSku ?? null,
        name: line.name,
        order_type: line.orderType ?? spec.orderType ?? 'order',
        season_id: line.seasonId ?? null,
        quantity: line.quantity,
        unit_price_cents: line.unitCents,
        vat_rate_bp: 1900,
        line_net_cents: line.unitCents * line.quantity,
        sort_order: index,
      })),
    )
    .execute();
  return order.id;
}

export async function addStatusEvent(db: Database, tenantId: number, orderId: number, statusId: string, occurredAt: string): Promise<void> {
  await db.insertInto('order_status_events').values({ tenant_id: tenantId, order_id: orderId, status_id: statusId, occurred_at: occurredAt }).execute();
}

export async function addPack(db: Database, tenantId: number, orderId: number, pack: { carrier: string; trackingCode: string; trackingUrl?: string | null; shippedAt?: string | null }): Promise<void> {
  await db
    .insertInto('order_packs')
    .values({ tenant_id: tenantId, order_id: orderId, carrier: pack.carrier, tracking_code: pack.trackingCode, tracking_url: pack.trackingUrl ?? null, shipped_at: pack.shippedAt ?? null })
    .execute();
}

/** A small client for one session: answers status and parsed JSON body. */
export function sessionClient(shop: TestShop, auth: string | null, headers: Record<string, string> = {}) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await shop.app.inject({ method, url, headers: { ...(auth ? { authorization: auth } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { statusCode: response.statusCode, body: response.headers['content-type']?.toString().includes('json') ? response.json() : response.rawPayload, headers: response.headers };
  };
  return { get: (url: string) => call('GET', url), post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}) };
}

export type SessionClient = ReturnType<typeof sessionClient>;
