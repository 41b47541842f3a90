import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDemoProducts } from '../../server/db/seed/index.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The benches top a demo catalogue up to the size they ask for (bench/catalog-bench-db.ts); they learn
// how far it goes from the highest generated sku, which has seven digits at a million.

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('the demo catalogue’s size', () => {
  it('is the highest generated sku as a number, six digits or the millionth’s seven, variants’ skus aside', async () => {
    const generated = await shop.db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('count')).where('sku', 'like', 'MAT-______').executeTakeFirstOrThrow();
    expect(await countDemoProducts(shop.db)).toBe(Number(generated.count));

    const last = await shop.db.selectFrom('products').select('id').where('sku', 'like', 'MAT-______').orderBy('sku', 'desc').limit(1).executeTakeFirstOrThrow();
    await shop.db.updateTable('products').set({ sku: 'MAT-1000000' }).where('id', '=', last.id).execute();
    expect(await countDemoProducts(shop.db)).toBe(1_000_000);
  });
});
