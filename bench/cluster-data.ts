import type { Database } from '../server/db/database.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createApiClientRepository } from '../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../server/modules/erp/api-client.service.ts';
import { createBenchBuyers } from './bench-harness.ts';

// What bench/cluster.ts writes into the bench database before the instances start: the buyers of
// bench/order-create.ts (`bench-buyer-N` of company 10001, made again each run, so their order history
// starts empty) with a session each, the stocked products their carts are filled from, and an ERP API
// client that reads the event feed.

export interface CartProduct {
  id: number;
  sku: string;
  sales_batch_size: number;
  price_cents: number;
}

/** Whole sales batches of the product worth at least 100 € at its list price: a cart of one such line is above the shop's minimum order amount. */
export function quantityWorthAnOrder(product: CartProduct): number {
  const batchCents = product.price_cents * product.sales_batch_size;
  return product.sales_batch_size * Math.ceil(10_000 / batchCents);
}

export interface ClusterBenchData {
  /** The buyers' session tokens (Basic authorization). */
  tokens: string[];
  /** Company 10001's shipping address, for the orders. */
  addressId: number;
  /** Ordinary products with stock for any number of orders. */
  cartProducts: CartProduct[];
  /** The bearer secret of an API client with orders:read (GET /erp/v1/events). */
  erpSecret: string;
}

export async function writeClusterBenchData(db: Database, buyers: number): Promise<ClusterBenchData> {
  const company = await db.selectFrom('companies').select(['id', 'tenant_id']).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  const addressId = (await db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).executeTakeFirstOrThrow()).id;
  const cartProducts = await db
    .selectFrom('products')
    .select(['id', 'sku', 'sales_batch_size', 'price_cents'])
    .where('tenant_id', '=', company.tenant_id)
    .where('is_active', '=', 1)
    .where('has_price', '=', 1)
    .where('price_cents', '>', 0)
    .where('category_id', 'in', db.selectFrom('categories').select('id').where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null))
    .orderBy('id')
    .limit(500)
    .execute();
  await db.updateTable('products').set({ stock: 10_000_000 }).where('id', 'in', cartProducts.map((p) => p.id)).execute();

  const tokens = await createBenchBuyers(db, company, buyers);

  const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
  const { secret } = await clients.create({ tenantId: company.tenant_id, name: `bench cluster ${Date.now()}`, scopes: ['orders:read'] });
  return { tokens, addressId, cartProducts, erpSecret: secret };
}
