import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartProduct } from '../../core/catalog-types.ts';
import { clientFor, isPlain, loadCatalogue, orderLine, pick, preOrderLine, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// GET and POST /api/basket: both carts in one basket, replacement, prices per buyer, price changes
// and stock flags. Manipulated requests and refusals: basket-refusals.test.ts; concurrency: basket-concurrency.test.ts.

let shop: TestShop;
let products: TestProduct[];
let seasonIds: number[];
let customer: ApiClient;

beforeAll(async () => {
  shop = await startTestShop();
  ({ products, seasonIds } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
});
afterAll(() => shop.close());

const cents = (amount: number) => Math.round(amount * 100);

async function save(client: ApiClient, items: unknown[]) {
  const response = await client.post('/api/basket', { userId: client.userId, items });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: number };
}

async function basket(client: ApiClient) {
  const response = await client.get('/api/basket');
  expect(response.statusCode).toBe(200);
  return response.body as { _id: number; items: CartProduct[] };
}

describe('GET /api/basket', () => {
  it('creates the basket on first use and answers the same one afterwards', async () => {
    const first = await basket(customer);
    expect(first.items).toEqual([]);
    expect(typeof first._id).toBe('number');
    expect((await basket(customer))._id).toBe(first._id);
  });
});

describe('POST /api/basket', () => {
  it('keeps order and pre-order lines in one basket, with what the cart page shows', async () => {
    const plain = pick(products, isPlain, 'a plain product');
    const preOrderable = pick(products, (p) => p.preStocks.length > 0 && !p.isStockFreeze && p.batchSize === 1, 'a pre-orderable product');
    const { id } = await save(customer, [orderLine(plain, 3), preOrderLine(preOrderable, [2, 0, 5])]);
    const answer = await basket(customer);
    expect(answer._id).toBe(id);
    expect(answer.items).toHaveLength(2);
    const [order, preOrder] = answer.items;
    expect(order).toMatchObject({
      _id: plain.id,
      sku: plain.sku,
      name: plain.name,
      orderType: 'order',
      quantity: 3,
      quantities: [],
      price: { value: plain.priceCents / 100, currency: 'EUR' },
      stock: { value: plain.stock },
      notEnoughStock: false,
      oldPrice: null,
      salesBatchSize: 1,
      customAttributes: null,
      packs: null,
    });
    expect(order!.image).toMatch(/^\/media\/products\//);
    expect(order!.vatRate).toBeGreaterThan(0);
    expect(order).not.toHaveProperty('variantSku');
    expect(preOrder).toMatchObject({ _id: preOrderable.id, orderType: 'preOrder', quantities: [2, 0, 5], quantity: 7 });
    expect(preOrder!.quantities).toHaveLength(seasonIds.length);
    expect(preOrder!.price.value).toBe((preOrderable.preOrderPriceCents ?? preOrderable.priceCents) / 100);
  });

  it('replaces the whole basket, and the same request again gives the same basket', async () => {
    const [a, b] = products.filter(isPlain);
    await save(customer, [orderLine(a!, 1), orderLine(b!, 2)]);
    const request = [orderLine(b!, 4)];
    await save(customer, request);
    const once = await basket(customer);
    await save(customer, request);
    expect(await basket(customer)).toEqual(once);
    expect(once.items.map((item) => [item.sku, item.quantity])).toEqual([[b!.sku, 4]]);
  });

  it('drops lines with nothing to order and counts a repeated line once, the last one winning', async () => {
    const [a, b] = products.filter(isPlain);
    const preOrderable = pick(products, (p) => p.preStocks.length > 0 && !p.isStockFreeze, 'a pre-orderable product');
    await save(customer, [orderLine(a!, 5), orderLine(b!, 0), preOrderLine(preOrderable, [0, 0, 0]), orderLine(a!, 2)]);
    expect((await basket(customer)).items.map((item) => [item.sku, item.quantity])).toEqual([[a!.sku, 2]]);
  });

  it('accepts a shorter quantities array and fills the remaining seasons with 0', async () => {
    const preOrderable = pick(products, (p) => p.preStocks.length > 0 && !p.isStockFreeze && p.batchSize === 1, 'a pre-orderable product');
    await save(customer, [preOrderLine(preOrderable, [4])]);
    expect((await basket(customer)).items[0]).toMatchObject({ quantities: [4, 0, 0], quantity: 4 });
  });

  it('stores custom attributes and packs with a line', async () => {
    const plain = pick(products, isPlain, 'a plain product');
    await save(customer, [orderLine(plain, 6, { customAttributes: { Gravur: 'Nord' }, packs: [{ quantity: 2, size: 3 }] })]);
    expect((await basket(customer)).items[0]).toMatchObject({ customAttributes: { Gravur: 'Nord' }, packs: [{ quantity: 2, size: 3 }] });
  });

  it('prices a variant with its own price, stock and name', async () => {
    const product = pick(products, (p) => p.variants.some((v) => v.priceCents !== null) && p.customerPrices.size === 0 && p.batchSize === 1, 'a variant with its own price');
    const variant = product.variants.find((v) => v.priceCents !== null)!;
    await save(customer, [orderLine(product, 1, { variantSku: variant.variantSku })]);
    expect((await basket(customer)).items[0]).toMatchObject({
      _id: product.id,
      sku: product.sku,
      variantSku: variant.variantSku,
      name: variant.name,
      price: { value: variant.priceCents! / 100 },
      stock: { value: variant.stock },
    });
  });

  it('prices with the buyer company’s customer price, and list price for others', async () => {
    const special = pick(products, (p) => p.customerPrices.has('10001') && !p.customerPrices.has('10002') && p.variants.length === 0 && p.batchSize === 1, 'a customer price of 10001 only');
    await save(customer, [orderLine(special, 1)]);
    expect(cents((await basket(customer)).items[0]!.price.value)).toBe(special.customerPrices.get('10001'));
    const customer2 = await clientFor(shop, 'customer2');
    await save(customer2, [orderLine(special, 1)]);
    const other = (await basket(customer2)).items[0]!;
    expect(cents(other.price.value)).toBe(special.priceCents);
    // customer2 buys from Austria: the Austrian rate of the product's tax category.
    expect([10, 20]).toContain(other.vatRate);
  });

  it('prices a sales person’s basket for the customer company they act for', async () => {
    const special = pick(products, (p) => p.customerPrices.has('10001') && p.variants.length === 0 && p.batchSize === 1, 'a customer price of 10001');
    const sales = await clientFor(shop, 'sales');
    await save(sales, [orderLine(special, 1)]);
    expect(cents((await basket(sales)).items[0]!.price.value)).toBe(special.customerPrices.get('10001'));
  });
});

describe('price changes', () => {
  it('shows the previous price as oldPrice until the user saves that line again', async () => {
    const [a, b] = products.filter(isPlain);
    await save(customer, [orderLine(a!, 1), orderLine(b!, 1)]);
    await shop.db.updateTable('products').set({ price_cents: a!.priceCents + 500 }).where('id', '=', a!.id).execute();

    const changed = (await basket(customer)).items[0]!;
    expect(changed).toMatchObject({ oldPrice: a!.priceCents / 100, price: { value: (a!.priceCents + 500) / 100 } });
    const stored = await shop.db.selectFrom('basket_lines').select(['unit_price_cents', 'old_price_cents']).where('product_id', '=', a!.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ unit_price_cents: a!.priceCents + 500, old_price_cents: a!.priceCents });
    expect((await basket(customer)).items[0]!.oldPrice).toBe(a!.priceCents / 100);

    // Re-sent unchanged while another line changes: the change stays visible.
    await save(customer, [orderLine(a!, 1), orderLine(b!, 3)]);
    expect((await basket(customer)).items[0]!.oldPrice).toBe(a!.priceCents / 100);
    // The user changes the line itself: saved again at today's price.
    await save(customer, [orderLine(a!, 2), orderLine(b!, 3)]);
    expect((await basket(customer)).items[0]).toMatchObject({ oldPrice: null, price: { value: (a!.priceCents + 500) / 100 } });
    await shop.db.updateTable('products').set({ price_cents: a!.priceCents }).where('id', '=', a!.id).execute();
  });

  it('notices a price change that happened before an unchanged line is re-sent', async () => {
    const plain = products.filter(isPlain)[2]!;
    await save(customer, [orderLine(plain, 1)]);
    await shop.db.updateTable('products').set({ price_cents: plain.priceCents - 100 }).where('id', '=', plain.id).execute();
    await save(customer, [orderLine(plain, 1)]);
    expect((await basket(customer)).items[0]).toMatchObject({ oldPrice: plain.priceCents / 100, price: { value: (plain.priceCents - 100) / 100 } });
  });

  it('removes lines whose product is no longer sold', async () => {
    const [a, b] = products.filter(isPlain).slice(3);
    await save(customer, [orderLine(a!, 1), orderLine(b!, 1)]);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', a!.id).execute();
    expect((await basket(customer)).items.map((item) => item.sku)).toEqual([b!.sku]);
    expect(await shop.db.selectFrom('basket_lines').select('id').where('product_id', '=', a!.id).execute()).toEqual([]);
  });
});

describe('notEnoughStock', () => {
  it('flags order lines above stock, never pre-order lines or positive-stock-only products', async () => {
    const plain = pick(products, isPlain, 'a plain product');
    const positiveOnly = pick(products, (p) => p.isPositiveStockOnly && p.variants.length === 0 && p.batchSize === 1, 'a positive-stock-only product');
    const preOrderable = pick(products, (p) => p.preStocks.length > 0 && !p.isStockFreeze && p.batchSize === 1 && p.variants.length === 0, 'a pre-orderable product');
    await save(customer, [
      orderLine(plain, plain.stock + 1),
      orderLine(positiveOnly, positiveOnly.stock + 1),
      preOrderLine(preOrderable, [preOrderable.stock + 1, 0, 0]),
    ]);
    const flags = (await basket(customer)).items.map((item) => [item.sku, item.orderType, item.notEnoughStock]);
    expect(flags).toEqual([
      [plain.sku, 'order', true],
      [positiveOnly.sku, 'order', false],
      [preOrderable.sku, 'preOrder', false],
    ]);
    await save(customer, [orderLine(plain, plain.stock)]);
    expect((await basket(customer)).items[0]!.notEnoughStock).toBe(false);
  });
});
