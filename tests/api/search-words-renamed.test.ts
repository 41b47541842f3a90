import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../core/catalog-types.ts';
import { catalogClient, categoryIds, insertProduct, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The words a search corrects a typo to (ADR 0008) follow renamed products; an update that renames
// nothing (a price or stock load) adds none.

let shop: TestShop;
let client: CatalogClient;
let tenantId: number;
let categoryId: number;

beforeAll(async () => {
  shop = await startTestShop({ CATALOG_ANSWER_CACHE_MS: '0' });
  client = catalogClient(shop);
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  categoryId = (await categoryIds(shop)).get('handwerkzeug')!;
});
afterAll(() => shop.close());

const skusOf = async (key: string) => (await client.json<SearchAnswer>(`/api/material/search?searchKey=${key}`, 'customer')).data.map((product) => product.sku);

describe('the words of renamed products', () => {
  it('are known at once, in a statement that updates renamed and other products together', async () => {
    const renamed = await insertProduct(shop, { tenantId, categoryId, sku: 'QW-100', name: 'Quarzit Drehbank' });
    const repriced = await insertProduct(shop, { tenantId, categoryId, sku: 'QW-200', name: 'Quarzit Standbohrmaschine' });
    await shop.db
      .updateTable('products')
      .set((eb) => ({ name: eb.case().when('id', '=', renamed).then('Quarzit Libellenfräse').else(eb.ref('name')).end(), price_cents: 1234 }))
      .where('id', 'in', [renamed, repriced])
      .execute();
    shop.services.search.clearCache();
    expect(await skusOf('libelenfraese')).toEqual(['QW-100']);
    expect(await skusOf('standbohrmaschiene')).toEqual(['QW-200']);
  });
});
