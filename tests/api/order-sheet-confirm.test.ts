import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preOrderSeasonMax } from '../../core/add-to-cart-rules.ts';
import { clientFor, isPlain, loadCatalogue, orderLine, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import { cartItems, confirm, emptyCart, paste, rowOf } from './order-sheet-fixtures.ts';

// POST /api/orderSheet/{importId}/confirm: the ready and adjusted rows into the target cart in the basket's
// one transaction, once; set vs add; pre-order caps; what changed since the preview.

let shop: TestShop;
let products: TestProduct[];
let seasonIds: number[];
let customer: ApiClient;
let plain: TestProduct[];

beforeAll(async () => {
  shop = await startTestShop();
  ({ products, seasonIds } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
  plain = products.filter(isPlain);
});
afterAll(() => shop.close());
beforeEach(() => emptyCart(customer));

describe('before confirm', () => {
  it('leaves the cart alone: pasting, reading and changing rows touch no cart', async () => {
    await customer.post('/api/basket', { items: [orderLine(plain[0]!, 2)] });
    const sheet = await paste(customer, [`${plain[0]!.sku}\t5`, `${plain[1]!.sku}\t1`]);
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).statusCode).toBe(200);
    expect((await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { quantity: 7 })).statusCode).toBe(200);
    expect((await cartItems(customer)).map((item) => [item.sku, item.quantity])).toEqual([[plain[0]!.sku, 2]]);
  });
});

describe('confirm', () => {
  it('puts the ready and adjusted rows in, answers them and the basket as GET /api/basket answers it', async () => {
    const batched = pick(products, (p) => p.batchSize > 1 && p.variants.length === 0 && p.stock > p.batchSize * 3 && !p.isPositiveStockOnly, 'a product with a batch size');
    const sheet = await paste(customer, [`${plain[0]!.sku}\t3`, `${batched.sku}\t${batched.batchSize + 1}`, 'NO-SUCH-SKU\t4']);
    expect(sheet.rows.map((row) => row.status)).toEqual(['ready', 'adjusted', 'refused']);
    const done = await confirm(customer, sheet.importId, 'set');
    expect(done.added).toBe(2);
    expect(done.lines.map((line) => [line.line, line.sku, line.quantity])).toEqual([
      [1, plain[0]!.sku, 3],
      [2, batched.sku, batched.batchSize * 2],
    ]);
    expect(done.lines[0]!.price).toEqual({ value: plain[0]!.priceCents / 100, currency: 'EUR' });
    expect(done.changes).toEqual([]);
    expect(done.basket).toEqual((await customer.get('/api/basket')).body);
    // The import remembers its confirmation and can no longer be changed.
    const after = await customer.get(`/api/orderSheet/${sheet.importId}`);
    expect(after.body.confirmed).toMatchObject({ mode: 'set', added: 2 });
    const edit = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { quantity: 9 });
    expect(edit.statusCode).toBe(409);
    expect(edit.body).toMatchObject({ messageKey: 'error.order_sheet_confirmed' });
  });

  it('happens once under five parallel confirms: each line in the cart once, quantities not doubled', async () => {
    await customer.post('/api/basket', { items: [orderLine(plain[2]!, 1)] });
    const sheet = await paste(customer, [`${plain[0]!.sku}\t3`, `${plain[1]!.sku}\t2`, `${plain[2]!.sku}\t4`]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => customer.post(`/api/orderSheet/${sheet.importId}/confirm`, { mode: 'add' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const confirmedAt = new Set(answers.map((answer) => answer.body.confirmedAt));
    expect(confirmedAt.size).toBe(1);
    for (const answer of answers) expect(answer.body.lines).toEqual(answers[0]!.body.lines);
    const items = await cartItems(customer);
    expect(items.map((item) => [item.sku, item.quantity]).sort()).toEqual(
      [
        [plain[0]!.sku, 3],
        [plain[1]!.sku, 2],
        [plain[2]!.sku, 5],
      ].sort(),
    );
    // And once more later: the first confirmation, nothing added.
    const again = await confirm(customer, sheet.importId, 'add');
    expect(again.confirmedAt).toBe([...confirmedAt][0]);
    expect((await cartItems(customer)).find((item) => item.sku === plain[2]!.sku)!.quantity).toBe(5);
  });

  it('set replaces the cart quantity of the sheet’s items, add adds to it; other lines stay', async () => {
    await customer.post('/api/basket', { items: [orderLine(plain[0]!, 5), orderLine(plain[1]!, 2)] });
    await confirm(customer, (await paste(customer, [`${plain[0]!.sku}\t3`])).importId, 'set');
    expect((await cartItems(customer)).map((item) => [item.sku, item.quantity])).toEqual([
      [plain[0]!.sku, 3],
      [plain[1]!.sku, 2],
    ]);
    const added = await confirm(customer, (await paste(customer, [`${plain[0]!.sku}\t3`, `${plain[3]!.sku}\t1`])).importId, 'add');
    expect(added.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [plain[0]!.sku, 6],
      [plain[3]!.sku, 1],
    ]);
    expect((await cartItems(customer)).map((item) => [item.sku, item.quantity])).toEqual([
      [plain[0]!.sku, 6],
      [plain[1]!.sku, 2],
      [plain[3]!.sku, 1],
    ]);
  });

  it('add judges the sum again: whole batches, and no more than the stock where the shop may not oversell', async () => {
    const batched = pick(products, (p) => p.batchSize > 1 && p.variants.length === 0 && p.stock > p.batchSize * 3 && !p.isPositiveStockOnly, 'a product with a batch size');
    const limited = pick(products, (p) => p.isPositiveStockOnly && p.variants.length === 0 && p.batchSize === 1 && p.stock >= 3 && p.preStocks.length === 0, 'a positive-stock-only product');
    await customer.post('/api/basket', { items: [orderLine(batched, batched.batchSize), orderLine(limited, limited.stock - 1)] });
    const done = await confirm(customer, (await paste(customer, [`${batched.sku}\t1`, `${limited.sku}\t5`])).importId, 'add');
    expect(done.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [batched.sku, batched.batchSize * 2],
      [limited.sku, limited.stock],
    ]);
    // Full at its stock: adding more adds nothing and says why.
    const full = await confirm(customer, (await paste(customer, [`${limited.sku}\t2`])).importId, 'add');
    expect(full.added).toBe(0);
    expect(full.refused).toMatchObject([{ line: 1, sku: limited.sku }]);
    expect((await cartItems(customer)).find((item) => item.sku === limited.sku)!.quantity).toBe(limited.stock);
  });

  it('caps each pre-order season at what its pre-stock allows, in the sheet and in the cart', async () => {
    const frozen = pick(products, (p) => p.isStockFreeze && p.batchSize === 1 && p.variants.length === 0 && p.preStocks[0]! >= 4 && p.preStocks[1]! >= 4, 'a frozen product with pre-stock');
    const sheet = await paste(customer, [`${frozen.sku}\t1`], 'preOrder');
    const wanted = [frozen.preStocks[0]! + 5, ...seasonIds.slice(1).map(() => 0)];
    const edited = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { quantities: wanted });
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    const row = rowOf(edited.body, 1);
    // The first season gets what its pre-stock allows next to the other seasons, and the row says so.
    const preOrder = { isStockFreeze: true, preStocks: seasonIds.map((seasonId, season) => ({ seasonId, quantity: frozen.preStocks[season]! })) };
    expect(row).toMatchObject({ status: 'adjusted', quantities: [frozen.preStocks[0]!, ...seasonIds.slice(1).map(() => 0)], params: { from: wanted[0]!, to: frozen.preStocks[0]! } });
    expect(row.quantities![0]).toBe(preOrderSeasonMax(preOrder, 0, row.quantities!, seasonIds));
    const done = await confirm(customer, sheet.importId, 'set');
    const line = (await cartItems(customer)).find((item) => item.sku === frozen.sku && item.orderType === 'preOrder')!;
    expect(line.quantities).toEqual(row.quantities);
    expect(done.lines[0]!.quantities).toEqual(row.quantities);
  });

  it('answers a price that moved since the preview, and the cart line has today’s price', async () => {
    const [moving, steady] = [plain[4]!, plain[5]!];
    const sheet = await paste(customer, [`${moving.sku}\t2`, `${steady.sku}\t1`]);
    await shop.db.updateTable('products').set({ price_cents: moving.priceCents + 250 }).where('id', '=', moving.id).execute();
    try {
      const done = await confirm(customer, sheet.importId, 'set');
      expect(done.changes).toEqual([{ line: 1, sku: moving.sku, change: 'price', oldPrice: moving.priceCents / 100, newPrice: (moving.priceCents + 250) / 100, currency: 'EUR' }]);
      const line = (await cartItems(customer)).find((item) => item.sku === moving.sku)!;
      expect(line.price.value).toBe((moving.priceCents + 250) / 100);
      expect(line.oldPrice).toBeNull();
    } finally {
      await shop.db.updateTable('products').set({ price_cents: moving.priceCents }).where('id', '=', moving.id).execute();
    }
  });

  it('answers a row that became refused since the preview and leaves it out', async () => {
    const [going, gone] = [plain[6]!, plain[7]!];
    const sheet = await paste(customer, [`${going.sku}\t2`, `${gone.sku}\t1`]);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', gone.id).execute();
    try {
      const done = await confirm(customer, sheet.importId, 'set');
      expect(done.added).toBe(1);
      expect(done.changes).toMatchObject([{ line: 2, sku: gone.sku, change: 'refused' }]);
      expect((await cartItems(customer)).map((item) => item.sku)).toEqual([going.sku]);
    } finally {
      await shop.db.updateTable('products').set({ is_active: 1 }).where('id', '=', gone.id).execute();
    }
  });

  it('refuses a sheet with nothing to put in the cart, and stays open for corrections', async () => {
    const sheet = await paste(customer, ['NO-SUCH-SKU\t4']);
    const answer = await customer.post(`/api/orderSheet/${sheet.importId}/confirm`, { mode: 'set' });
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toMatchObject({ messageKey: 'orderSheet.confirm.nothingToAdd' });
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).body.confirmed).toBeNull();
  });

  it('refuses a mode it does not know, changing nothing', async () => {
    const sheet = await paste(customer, [`${plain[0]!.sku}\t3`]);
    for (const body of [{}, { mode: 'replace' }, { mode: 'set', extra: 1 }]) {
      const answer = await customer.post(`/api/orderSheet/${sheet.importId}/confirm`, body);
      expect(answer.statusCode).toBe(400);
    }
    expect(await cartItems(customer)).toEqual([]);
  });
});
