import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBuyers } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The race for the last units: 200 buyers order the same positive-stock-only product, of which 50 units are
// left, all at once. Exactly 50 units are sold, stock ends at 0 and never below, every other buyer is
// told 'not enough stock', nobody gets a 5xx.

const buyers = 200;
const unitsLeft = 50;

let shop: TestShop;
let product: { id: number; sku: string; price_cents: number };
let addressId: number;
const tokens: string[] = [];

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.db;
  const company = await db.selectFrom('companies').select(['id', 'tenant_id']).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  addressId = (await db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).executeTakeFirstOrThrow()).id;
  product = await db
    .selectFrom('products')
    .select(['id', 'sku', 'price_cents'])
    .where('is_only_sellable_with_positive_stock', '=', 1)
    .where('sales_batch_size', '=', 1)
    .where('is_active', '=', 1)
    .where('price_cents', '>', 5000)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('products').set({ stock: unitsLeft }).where('id', '=', product.id).execute();

  // The buyers, each with a session and a basket of one unit.
  for (const buyer of await createBuyers(db, 'race', buyers)) tokens.push(buyer.token);
  await Promise.all(
    tokens.map(async (token) => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/basket',
        headers: { authorization: `Basic ${token}` },
        payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    }),
  );
}, 120_000);
afterAll(() => shop.close());

it(`sells exactly ${unitsLeft} units to ${buyers} buyers ordering at once, never below zero`, async () => {
  const answers = await Promise.all(
    tokens.map((token, i) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { authorization: `Basic ${token}`, 'idempotency-key': `race-key-${i}-${process.pid}` },
        payload: { orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true },
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 201)).toHaveLength(unitsLeft);
  const refused = answers.filter((answer) => answer.statusCode !== 201);
  expect(refused).toHaveLength(buyers - unitsLeft);
  for (const answer of refused) expect(answer.json()).toMatchObject({ statusCode: 409, messageKey: 'stock.not.enough.error' });

  const stock = await shop.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow();
  expect(stock.stock).toBe(0);
  const sold = await shop.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.sum<number>('order_items.quantity').as('units'))
    .where('order_items.product_id', '=', product.id)
    // The demo history has older orders of this product too: count what this race sold.
    .where('orders.order_number', 'like', 'WEB-%')
    .executeTakeFirstOrThrow();
  expect(Number(sold.units)).toBe(unitsLeft);
  // Numbers have no gaps and no duplicates.
  const numbers = (await shop.db.selectFrom('orders').select('order_number').where('order_number', 'like', 'WEB-%').execute()).map((row) => row.order_number).sort();
  expect(numbers).toEqual(Array.from({ length: unitsLeft }, (_, i) => `WEB-${String(i + 1).padStart(6, '0')}`));
}, 120_000);
