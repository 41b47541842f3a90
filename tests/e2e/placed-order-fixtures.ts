import { randomBytes } from 'node:crypto';
import { orderLinesSearchText } from '../../core/order-search-words.ts';
import type { DatabaseTransaction } from '../../server/db/database.ts';
import type { TestCompany } from './account-fixtures.ts';

// An order placed on account, written straight into the e2e shop's database: what a company bought, for
// the journeys that need a purchase behind them (downloads, safety data sheets) without walking the checkout.

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
}

/** One line of the product, ordered on account by the company `daysAgo` days ago. */
export async function insertPlacedOrder(
  db: Pick<DatabaseTransaction, 'insertInto'>,
  order: { tenantId: number; company: TestCompany; product: { id: number; sku: string; name: string }; daysAgo: number; prefix: string },
): Promise<PlacedOrder> {
  const { tenantId, company, product } = order;
  const orderNumber = `${order.prefix}-${randomBytes(3).toString('hex')}`;
  const placed = new Date(Date.now() - order.daysAgo * 86_400_000).toISOString();
  const row = await db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      order_number: orderNumber,
      company_id: company.id,
      user_id: null,
      order_date: placed,
      payment_status: 'open',
      payment_method: 'Rechnung',
      shipping_method_name: 'Paketversand',
      receiver_company: company.name,
      receiver_city: 'Hamburg',
      receiver_country_code: 'DE',
      receiver_country_name: 'Deutschland',
      net_total_cents: 4900,
      vat_total_cents: 931,
      gross_total_cents: 5831,
      search_text: orderLinesSearchText([{ sku: product.sku, variant_sku: null, name: product.name }]),
      created_at: placed,
      updated_at: placed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({ tenant_id: tenantId, order_id: row.id, product_id: product.id, sku: product.sku, name: product.name, quantity: 1, unit_price_cents: 4900, vat_rate_bp: 1900, line_net_cents: 4900, sort_order: 0 })
    .execute();
  return { orderId: row.id, orderNumber };
}
