import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSheetMaxLines } from '../../core/order-sheet-limits.ts';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import type { RowAnswer } from '../../server/modules/order-sheet/order-sheet-answer.ts';
import { paste, rowOf } from './order-sheet-fixtures.ts';

// POST /api/orderSheet/paste: every verdict a row can get, hidden and foreign products like unknown ones,
// and the refusals of the paste itself.

let shop: TestShop;
let products: TestProduct[];
let tenantId: number;
let customer: ApiClient;
let plain: TestProduct;

beforeAll(async () => {
  shop = await startTestShop();
  ({ products, tenantId } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
  plain = pick(products, isPlain, 'a plain product');
});
afterAll(() => shop.close());

describe('verdicts', () => {
  it('a known sku with a fine quantity is ready, with what the buyer sees of the product', async () => {
    const sheet = await paste(customer, ['Artikel\tMenge', `${plain.sku}\t3`]);
    expect(sheet).toMatchObject({ target: 'order', summary: { lines: 1, ready: 1, adjusted: 0, refused: 0, merged: 0 }, confirmed: null });
    expect(sheet.importId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(sheet.expiresAt) - Date.parse(sheet.createdAt)).toBe(24 * 3600_000);
    expect(rowOf(sheet, 2)).toEqual({
      line: 2,
      input: { sku: plain.sku, quantity: 3 },
      status: 'ready',
      product: { _id: plain.id, sku: plain.sku, variantSku: null, name: plain.name, price: { value: plain.priceCents / 100, currency: 'EUR' }, salesBatchSize: 1, stock: { state: 'in' } },
      quantity: 3,
      messageKey: null,
      params: {},
    });
  });

  it('shows the stock number to sales persons only', async () => {
    const sales = await clientFor(shop, 'sales');
    const sheet = await paste(sales, [`${plain.sku} 1`]);
    expect(rowOf(sheet, 1).product!.stock).toEqual({ state: 'in', value: plain.stock });
  });

  it('rounds up to the batch size and says from and to', async () => {
    const batched = pick(products, (p) => p.batchSize > 1 && p.variants.length === 0 && !p.isPositiveStockOnly && p.stock > p.batchSize * 3, 'a product with a batch size');
    const row = rowOf(await paste(customer, [`${batched.sku};${batched.batchSize + 1}`]), 1);
    expect(row).toMatchObject({ status: 'adjusted', quantity: batched.batchSize * 2, params: { from: batched.batchSize + 1, to: batched.batchSize * 2 } });
    expect(row.messageKey).toEqual(expect.any(String));
  });

  it('caps at the stock where the shop may not oversell', async () => {
    const limited = pick(products, (p) => p.isPositiveStockOnly && p.variants.length === 0 && p.batchSize === 1 && p.stock >= 2, 'a positive-stock-only product');
    const row = rowOf(await paste(customer, [`${limited.sku}\t${limited.stock + 5}`]), 1);
    expect(row).toMatchObject({ status: 'adjusted', quantity: limited.stock, params: { from: limited.stock + 5, to: limited.stock } });
  });

  it('merges the same item named twice into the first row, saying so on the later one', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t2`, 'NO-SUCH-SKU\t1', `${plain.sku}\t3`]);
    expect(rowOf(sheet, 1)).toMatchObject({ status: 'ready', quantity: 5 });
    expect(rowOf(sheet, 3)).toMatchObject({ status: 'merged', params: { intoLine: 1 } });
    expect(sheet.summary).toEqual({ lines: 3, ready: 1, adjusted: 0, refused: 1, merged: 1 });
  });

  it('refuses an unknown sku, a decimal quantity and a negative one, each with its reason; skips blank and 0', async () => {
    const sheet = await paste(customer, ['NO-SUCH-SKU\t4', `${plain.sku}\t2,5`, `${plain.sku}\t-2`, `${plain.sku}\t0`, `${plain.sku}\t`]);
    expect(sheet.rows.map((row) => [row.line, row.status])).toEqual([
      [1, 'refused'],
      [2, 'refused'],
      [3, 'refused'],
    ]);
    expect(rowOf(sheet, 1).product).toBeUndefined();
    expect(rowOf(sheet, 2).messageKey).toBe('orderSheet.quantity.decimal');
    expect(rowOf(sheet, 3).messageKey).toBe('orderSheet.quantity.negative');
    expect(new Set(sheet.rows.map((row) => row.messageKey)).size).toBe(3);
  });

  it('refuses a parent sku of a product sold by variants and offers the variants; a variant sku is ready', async () => {
    const withVariants = pick(products, (p) => p.variants.length >= 2 && p.variants.every((v) => (v.priceCents ?? p.priceCents) > 0) && p.batchSize === 1 && !p.isPositiveStockOnly, 'a product with variants');
    const variant = withVariants.variants[0]!;
    const sheet = await paste(customer, [`${withVariants.sku}\t1`, `${variant.variantSku}\t2`]);
    const parent = rowOf(sheet, 1);
    expect(parent.status).toBe('refused');
    // Offered in sku order, the same on every reload.
    expect(parent.variants!.map((v) => v.variantSku)).toEqual(withVariants.variants.map((v) => v.variantSku).sort());
    expect(rowOf(sheet, 2)).toMatchObject({ status: 'ready', quantity: 2, product: { _id: withVariants.id, sku: withVariants.sku, variantSku: variant.variantSku } });
  });

  it('refuses a product out of stock where the shop may not oversell', async () => {
    const limited = pick(products, (p) => p.isPositiveStockOnly && p.variants.length === 0 && p.batchSize === 1 && p.preStocks.length === 0, 'a positive-stock-only product');
    await shop.db.updateTable('products').set({ stock: 0 }).where('id', '=', limited.id).execute();
    try {
      const row = rowOf(await paste(customer, [`${limited.sku}\t1`]), 1);
      expect(row.status).toBe('refused');
      expect(row.messageKey).toEqual(expect.any(String));
    } finally {
      await shop.db.updateTable('products').set({ stock: limited.stock }).where('id', '=', limited.id).execute();
    }
  });

  it('refuses a pre-order of a product without pre-stock', async () => {
    const row = rowOf(await paste(customer, [`${plain.sku}\t1`], 'preOrder'), 1);
    expect(row.status).toBe('refused');
    expect(row.messageKey).toEqual(expect.any(String));
  });
});

describe('more refusals', () => {
  it('refuses an unknown sku with "did you mean" from the normalised form, and a product without a price', async () => {
    const [near, free] = products.filter(isPlain).slice(8, 10);
    const typed = near!.sku.toLowerCase().replaceAll('-', ' ');
    await shop.db.updateTable('products').set({ price_cents: 0 }).where('id', '=', free!.id).execute();
    try {
      const sheet = await paste(customer, [`${typed};2`, `${free!.sku};1`]);
      expect(rowOf(sheet, 1)).toMatchObject({ status: 'refused', suggestions: [{ sku: near!.sku, name: near!.name }] });
      expect(rowOf(sheet, 1).product).toBeUndefined();
      expect(rowOf(sheet, 2).status).toBe('refused');
      expect(rowOf(sheet, 2).messageKey).not.toBe(rowOf(sheet, 1).messageKey);
    } finally {
      await shop.db.updateTable('products').set({ price_cents: free!.priceCents }).where('id', '=', free!.id).execute();
    }
  });

  it('refuses a pre-order season without pre-stock left', async () => {
    const frozen = pick(products, (p) => p.isStockFreeze && p.batchSize === 1 && p.variants.length === 0 && p.preStocks.length > 0, 'a frozen product with pre-stock');
    await shop.db.updateTable('product_pre_stocks').set({ quantity: 0 }).where('product_id', '=', frozen.id).execute();
    try {
      const row = rowOf(await paste(customer, [`${frozen.sku}\t2`], 'preOrder'), 1);
      expect(row).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.noPreStock' });
    } finally {
      for (const [index, seasonId] of (await loadCatalogue(shop)).seasonIds.entries()) {
        await shop.db.updateTable('product_pre_stocks').set({ quantity: frozen.preStocks[index]! }).where('product_id', '=', frozen.id).where('season_id', '=', seasonId).execute();
      }
    }
  });
});

describe('hidden and foreign products', () => {
  /** The row as answered, with its sku and line taken out: what may differ between two unknown skus. */
  const withoutSku = (row: RowAnswer, sku: string) => JSON.stringify(row).replaceAll(sku, '<sku>');

  async function answerFor(client: ApiClient, sku: string) {
    return rowOf(await paste(client, [`${sku}\t3`]), 1);
  }

  it('answers an inactive product, another tenant’s and one the company may not see exactly like an unknown one', async () => {
    const [inactive] = products.filter(isPlain).slice(-1);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive!.id).execute();
    const [tenant] = await shop.db.insertInto('tenants').values({ slug: 'rival-sheet', name: 'Rival', created_at: new Date().toISOString() }).returning('id').execute();
    const [category] = await shop.db.insertInto('categories').values({ tenant_id: tenant!.id, slug: 'x', name: 'X', created_at: new Date().toISOString() }).returning('id').execute();
    await shop.db
      .insertInto('products')
      .values({ tenant_id: tenant!.id, category_id: category!.id, sku: 'RIVAL-SHEET-1', name: 'Rival product', price_cents: 100, vat_rate_bp: 1900, created_at: new Date().toISOString() })
      .execute();
    // A deal product: its category is for accounts with deals only; the second demo customer has none.
    const deal = await shop.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select('products.sku')
      .where('products.tenant_id', '=', tenantId)
      .where('categories.is_deal', '=', 1)
      .where('categories.is_active', '=', 1)
      .where('products.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const customer2 = await clientFor(shop, 'customer2');
    const unknown = withoutSku(await answerFor(customer, 'NO-SUCH-9'), 'NO-SUCH-9');
    for (const sku of [inactive!.sku, 'RIVAL-SHEET-1']) expect(withoutSku(await answerFor(customer, sku), sku), sku).toBe(unknown);
    const unknownToCustomer2 = withoutSku(await answerFor(customer2, 'NO-SUCH-9'), 'NO-SUCH-9');
    expect(withoutSku(await answerFor(customer2, deal.sku), deal.sku)).toBe(unknownToCustomer2);
    // The deal account itself may order it.
    expect((await answerFor(customer, deal.sku)).status).not.toBe('refused');
  });
});

describe('refusals of the paste', () => {
  async function refused(body: unknown, messageKey: string, field: string) {
    const response = await customer.post('/api/orderSheet/paste', body);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(400);
    expect(response.body).toMatchObject({ messageKey, field });
  }

  it('refuses a paste without lines, with too many lines, or too large', async () => {
    await refused({ text: '\n\n', target: 'order' }, 'orderSheet.paste.empty', 'text');
    const many = Array.from({ length: orderSheetMaxLines + 1 }, (_, index) => `SKU-${index}\t1`).join('\n');
    await refused({ text: many, target: 'order' }, 'orderSheet.paste.tooManyLines', 'text');
    await refused({ text: 'ä'.repeat(150 * 1024), target: 'order' }, 'orderSheet.paste.tooLarge', 'text');
  });

  it('refuses a missing or unknown target, a text that is no text and fields it does not know', async () => {
    await refused({ text: `${plain.sku}\t1` }, 'validation.required', 'target');
    await refused({ text: `${plain.sku}\t1`, target: 'sample' }, 'validation.invalid', 'target');
    await refused({ text: 42, target: 'order' }, 'validation.invalid', 'text');
    await refused({ text: `${plain.sku}\t1`, target: 'order', userId: 1 }, 'validation.unknown_field', 'userId');
  });

  it('stores nothing for a refused paste', async () => {
    const before = await shop.db.selectFrom('order_sheet_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await customer.post('/api/orderSheet/paste', { text: '', target: 'order' });
    const after = await shop.db.selectFrom('order_sheet_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
