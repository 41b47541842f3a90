import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import { cartItems, confirm, paste, rowOf } from './order-sheet-fixtures.ts';

// An import after the paste: read again (and judged again) by its id, its rows changed one by one, whose it
// is (the user's, for the company the session acts for), and how long it is kept.

let shop: TestShop;
let products: TestProduct[];
let customer: ApiClient;
let customer2: ApiClient;
let plain: TestProduct;

beforeAll(async () => {
  shop = await startTestShop();
  ({ products } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  plain = pick(products, isPlain, 'a plain product');
});
afterAll(() => shop.close());

describe('GET /api/orderSheet/{importId}', () => {
  it('answers the import as the paste did, judged again against today’s catalogue', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t3`, 'NO-SUCH-SKU\t1']);
    const again = await customer.get(`/api/orderSheet/${sheet.importId}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toEqual(sheet);
    await shop.db.updateTable('products').set({ price_cents: plain.priceCents + 100 }).where('id', '=', plain.id).execute();
    try {
      const moved = await customer.get(`/api/orderSheet/${sheet.importId}`);
      expect(rowOf(moved.body, 1).product!.price.value).toBe((plain.priceCents + 100) / 100);
    } finally {
      await shop.db.updateTable('products').set({ price_cents: plain.priceCents }).where('id', '=', plain.id).execute();
    }
  });

  it('answers another user’s import, an expired one and a malformed id exactly like an unknown one', async () => {
    const theirs = await paste(customer2, [`${plain.sku}\t3`]);
    const unknown = await customer.get('/api/orderSheet/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ messageKey: 'error.order_sheet_not_found' });
    const expired = await paste(customer, [`${plain.sku}\t3`]);
    await shop.db.updateTable('order_sheet_imports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('public_id', '=', expired.importId).execute();
    for (const id of [theirs.importId, expired.importId, 'not-an-id', '1', 'A'.repeat(23)]) {
      for (const [method, url, body] of [
        ['GET', `/api/orderSheet/${id}`, undefined],
        ['POST', `/api/orderSheet/${id}/rows/1`, { quantity: 2 }],
        ['POST', `/api/orderSheet/${id}/confirm`, { mode: 'add' }],
      ] as const) {
        const answer = method === 'GET' ? await customer.get(url) : await customer.post(url, body);
        expect([answer.statusCode, answer.body], `${method} ${url}`).toEqual([unknown.statusCode, unknown.body]);
      }
    }
    // Nothing of theirs changed: their import is still open, their cart untouched.
    expect((await customer2.get(`/api/orderSheet/${theirs.importId}`)).body.confirmed).toBeNull();
    expect(await cartItems(customer2)).toEqual([]);
  });

  it('deletes the owner’s expired imports when they make a new one', async () => {
    const old = await paste(customer, [`${plain.sku}\t1`]);
    await shop.db.updateTable('order_sheet_imports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('public_id', '=', old.importId).execute();
    await paste(customer, [`${plain.sku}\t1`]);
    expect(await shop.db.selectFrom('order_sheet_imports').select('id').where('public_id', '=', old.importId).execute()).toEqual([]);
  });
});

describe('a sales person’s import', () => {
  it('belongs to the company they act for and only shows while acting for it', async () => {
    const sales = await clientFor(shop, 'sales');
    const offered = (await sales.get('/api/user/salesPersonCustomers')).body.data as { id: number }[];
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect((await sales.post('/api/user/switchCustomerOfSalesPerson', { customerId: offered[0]!.id })).statusCode).toBe(200);
    const sheet = await paste(sales, [`${plain.sku}\t2`]);
    const stored = await shop.db.selectFrom('order_sheet_imports').select(['user_id', 'company_id']).where('public_id', '=', sheet.importId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_id: sales.userId, company_id: offered[0]!.id });

    expect((await sales.post('/api/user/switchCustomerOfSalesPerson', { customerId: offered[1]!.id })).statusCode).toBe(200);
    expect((await sales.get(`/api/orderSheet/${sheet.importId}`)).statusCode).toBe(404);
    expect((await sales.post(`/api/orderSheet/${sheet.importId}/confirm`, { mode: 'set' })).statusCode).toBe(404);

    expect((await sales.post('/api/user/switchCustomerOfSalesPerson', { customerId: offered[0]!.id })).statusCode).toBe(200);
    await confirm(sales, sheet.importId, 'set');
    // Into the cart of the company acted for, not another one's.
    const baskets = await shop.db.selectFrom('baskets').innerJoin('basket_lines', 'basket_lines.basket_id', 'baskets.id').select(['baskets.company_id', 'basket_lines.sku']).where('baskets.user_id', '=', sales.userId).execute();
    expect(baskets).toEqual([{ company_id: offered[0]!.id, sku: plain.sku }]);
  });
});

describe('POST /api/orderSheet/{importId}/rows/{line}', () => {
  it('changes a row and judges every row again: a fixed quantity is ready, merging follows the change', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t2,5`, `${plain.sku}\t1`]);
    expect(rowOf(sheet, 1).status).toBe('refused');
    expect(rowOf(sheet, 2)).toMatchObject({ status: 'ready', quantity: 1 });
    const fixed = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { quantity: 3 });
    expect(fixed.statusCode, JSON.stringify(fixed.body)).toBe(200);
    expect(rowOf(fixed.body, 1)).toMatchObject({ status: 'ready', quantity: 4, input: { sku: plain.sku, quantity: 3 } });
    expect(rowOf(fixed.body, 2)).toMatchObject({ status: 'merged', params: { intoLine: 1 } });
    // Kept: the next read shows the change.
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).body).toEqual(fixed.body);
  });

  it('a variant chosen for a parent sku makes the row ready', async () => {
    const withVariants = pick(products, (p) => p.variants.length >= 2 && p.variants.every((v) => (v.priceCents ?? p.priceCents) > 0) && p.batchSize === 1 && !p.isPositiveStockOnly, 'a product with variants');
    const sheet = await paste(customer, [`${withVariants.sku}\t2`]);
    expect(rowOf(sheet, 1).status).toBe('refused');
    const chosen = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { variantSku: withVariants.variants[1]!.variantSku });
    expect(rowOf(chosen.body, 1)).toMatchObject({ status: 'ready', quantity: 2, product: { _id: withVariants.id, variantSku: withVariants.variants[1]!.variantSku } });
  });

  it('a quantity of 0 leaves the row out of the cart', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t2`, 'NO-SUCH-SKU\t1']);
    const zero = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { quantity: 0 });
    expect(zero.statusCode).toBe(200);
    const row = (zero.body.rows as { line: number; status: string }[]).find((candidate) => candidate.line === 1);
    expect(row?.status ?? 'skipped').not.toMatch(/^(ready|adjusted)$/);
    expect((await customer.post(`/api/orderSheet/${sheet.importId}/confirm`, { mode: 'set' })).statusCode).toBe(422);
  });

  it('refuses a line the sheet does not have and bodies it cannot read, changing nothing', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t2`]);
    const missing = await customer.post(`/api/orderSheet/${sheet.importId}/rows/9`, { quantity: 1 });
    expect([missing.statusCode, missing.body.messageKey]).toEqual([404, 'error.order_sheet_row_not_found']);
    for (const [body, messageKey, field] of [
      [{}, 'validation.required', undefined],
      [{ quantity: 1.5 }, 'validation.whole_number', 'quantity'],
      [{ quantity: -1 }, 'validation.negative', 'quantity'],
      [{ quantity: 100_001 }, 'validation.too_large', 'quantity'],
      [{ quantities: Array.from({ length: 25 }, () => 1) }, 'validation.too_many_seasons', 'quantities'],
      [{ quantity: 1, price: 0 }, 'validation.unknown_field', 'price'],
    ] as const) {
      const answer = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe(messageKey);
      if (field) expect(answer.body.field).toBe(field);
    }
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).body).toEqual(sheet);
  });
});
