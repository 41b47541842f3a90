import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, orderLine, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Two tabs, double clicks and retries: concurrent saves of one basket end in exactly one of the
// requested states, never a mix and never a doubled line.

let shop: TestShop;
let plain: TestProduct[];

beforeAll(async () => {
  shop = await startTestShop();
  plain = (await loadCatalogue(shop)).products.filter(isPlain);
});
afterAll(() => shop.close());

async function lines(client: ApiClient) {
  const response = await client.get('/api/basket');
  expect(response.statusCode).toBe(200);
  return (response.body.items as { sku: string; orderType: string; quantity: number }[]).map((item) => [item.orderType, item.sku, item.quantity]);
}

describe('concurrent saves of one basket', () => {
  it('end in one of the two requested baskets, without duplicates', async () => {
    const customer = await clientFor(shop, 'customer');
    const tabA = [orderLine(plain[0]!, 1), orderLine(plain[1]!, 2), orderLine(plain[2]!, 3)];
    const tabB = [orderLine(plain[1]!, 5), orderLine(plain[3]!, 6)];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        customer.post('/api/basket', { userId: customer.userId, items: tabA }),
        customer.post('/api/basket', { userId: customer.userId, items: tabB }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
      const final = await lines(customer);
      const expectedA = tabA.map((l) => ['order', l.sku, l.quantity]);
      const expectedB = tabB.map((l) => ['order', l.sku, l.quantity]);
      expect([expectedA, expectedB]).toContainEqual(final);
    }
  });

  it('keep one line per item when many requests overlap', async () => {
    const customer = await clientFor(shop, 'customeradmin');
    const requests = Array.from({ length: 8 }, (_, i) => [orderLine(plain[0]!, i + 1), orderLine(plain[1 + (i % 3)]!, 1)]);
    await Promise.all(requests.map((items) => customer.post('/api/basket', { items })));
    const final = await lines(customer);
    expect(final).toHaveLength(2);
    expect(new Set(final.map(([type, sku]) => `${type}:${sku}`)).size).toBe(2);
    const stored = await shop.db
      .selectFrom('basket_lines')
      .innerJoin('baskets', 'baskets.id', 'basket_lines.basket_id')
      .select('basket_lines.sku')
      .where('baskets.user_id', '=', customer.userId)
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('create a single basket when a user’s first requests arrive together', async () => {
    const sales = await clientFor(shop, 'sales');
    const answers = await Promise.all([
      sales.get('/api/basket'),
      sales.post('/api/basket', { items: [orderLine(plain[0]!, 1)] }),
      sales.post('/api/basket', { items: [orderLine(plain[0]!, 1)] }),
      sales.get('/api/basket'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set([answers[0]!.body._id, answers[1]!.body.id, answers[2]!.body.id, answers[3]!.body._id]);
    expect(ids.size).toBe(1);
    const baskets = await shop.db.selectFrom('baskets').select('id').where('user_id', '=', sales.userId).execute();
    expect(baskets).toHaveLength(1);
  });

  it('are backed by a unique index on basket, order type and item', async () => {
    const customer = await clientFor(shop, 'customer');
    await customer.post('/api/basket', { items: [orderLine(plain[0]!, 1)] });
    const line = await shop.db
      .selectFrom('basket_lines')
      .innerJoin('baskets', 'baskets.id', 'basket_lines.basket_id')
      .selectAll('basket_lines')
      .where('baskets.user_id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = line;
    await expect(shop.db.insertInto('basket_lines').values(copy).execute()).rejects.toThrow(/unique|duplicate/i);
    // The same item as a pre-order line is a different line.
    await shop.db.insertInto('basket_lines').values({ ...copy, order_type: 'preOrder' }).execute();
  });

  it('save a 20-line basket in one request', async () => {
    const customer = await clientFor(shop, 'customer2');
    const items = plain.slice(0, 20).map((p, i) => orderLine(p, i + 1));
    expect(items).toHaveLength(20);
    const saved = await customer.post('/api/basket', { items });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(await lines(customer)).toEqual(items.map((l) => ['order', l.sku, l.quantity]));
  });
});
