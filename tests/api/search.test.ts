import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../core/catalog-types.ts';
import { catalogClient, categoryIds, insertProduct, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// GET /api/material/search on a fixed set of products added to the demo catalogue. Their names use
// words no demo product has ("Quarzit…", "Zyklop…"), so every expectation is exact.

let shop: TestShop;
let client: CatalogClient;
let slugs: Map<string, number>;
const ids = new Map<string, number>();

async function addProduct(sku: string, name: string, options: { stock?: number; category?: string; tenantId?: number; categoryId?: number; nameEn?: string } = {}) {
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const id = await insertProduct(shop, {
    tenantId: options.tenantId ?? tenant.id,
    categoryId: options.categoryId ?? slugs.get(options.category ?? 'handwerkzeug')!,
    sku,
    name,
    nameEn: options.nameEn,
    stock: options.stock,
  });
  ids.set(sku, id);
  return id;
}

beforeAll(async () => {
  // Answers are reused for two seconds in production; these tests change the catalogue in between.
  shop = await startTestShop({ CATALOG_ANSWER_CACHE_MS: '0' });
  client = catalogClient(shop);
  slugs = await categoryIds(shop);
  await addProduct('QX-100', 'Quarzit Zyklopenhammer 500 g');
  await addProduct('QX-1001', 'Quarzit Zyklopenzange');
  await addProduct('QX-1002', 'Quarzitholzschraube Senkkopf 4 × 40');
  await addProduct('QX-2000', 'Quarzit-Schlüsselbrett Eiche', { nameEn: 'Quartzite key board oak' });
  await addProduct('QX-2001', 'Quarzit-Straßenbesen 60 cm', { stock: 0 });
  const withVariants = await addProduct('QX-3000', 'Quarzit Arbeitshandschuh');
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  await shop.db
    .insertInto('product_variants')
    .values([
      { tenant_id: tenant.id, product_id: withVariants, variant_sku: 'QXV-GR-9', name: 'Quarzit Arbeitshandschuh Größe 9', attributes: '{}', price_cents: null },
      { tenant_id: tenant.id, product_id: withVariants, variant_sku: 'QXV-GR-10', name: 'Quarzit Arbeitshandschuh Größe 10', attributes: '{}', price_cents: 1200 },
    ])
    .execute();
  await addProduct('QX-4000', 'Quarzit Sonderposten', { category: 'angebote' });
});
afterAll(() => shop.close());

const search = (query: string, account: 'customer' | 'customer2' | 'guest' = 'customer') =>
  client.json<SearchAnswer>(`/api/material/search?${query}`, account);
const skusOf = (answer: SearchAnswer) => answer.data.map((product) => product.variantSku ?? product.sku);

describe('GET /api/material/search finds', () => {
  it('an exact sku first, then sku prefixes', async () => {
    expect(skusOf(await search('searchKey=qx-100'))).toEqual(['QX-100', 'QX-1001', 'QX-1002']);
    expect(skusOf(await search('searchKey=QX-1001'))[0]).toBe('QX-1001');
  });

  it('an exact variant sku as that variant, with its sku marked', async () => {
    const answer = await search('searchKey=qxv-gr-10');
    expect(answer.data[0]).toMatchObject({ sku: 'QX-3000', variantSku: 'QXV-GR-10', name: 'Quarzit Arbeitshandschuh Größe 10', price: { value: 12 } });
    expect(answer.data[0]!.highlight.variantSku).toEqual([[0, 9]]);
  });

  it('a prefix of a name word, in name order', async () => {
    expect(skusOf(await search('searchKey=zyklo'))).toEqual(['QX-100', 'QX-1001']);
  });

  it('only products with every word (match all)', async () => {
    expect(skusOf(await search('searchKey=zyklop%20hammer'))).toEqual(['QX-100']);
    expect(skusOf(await search('searchKey=quarzit%20eiche'))).toEqual(['QX-2000']);
  });

  it('a part of a German compound', async () => {
    expect(skusOf(await search('searchKey=holzschraube%20quarzit'))).toEqual(['QX-1002']);
    expect(skusOf(await search('searchKey=quarzitholz'))).toEqual(['QX-1002']);
  });

  it('umlauts and ß however they are typed', async () => {
    for (const key of ['schlüsselbrett', 'Schluesselbrett', 'schlusselbrett', 'SCHLÜSSELBRETT']) {
      expect(skusOf(await search(`searchKey=${encodeURIComponent(key)}`)), key).toEqual(['QX-2000']);
    }
    for (const key of ['straßenbesen', 'strassenbesen']) {
      expect(skusOf(await search(`searchKey=${encodeURIComponent(key)}`)), key).toEqual(['QX-2001']);
    }
  });

  it('corrects a typo to a word of a product named after the first search', async () => {
    expect(skusOf(await search('searchKey=zyklopenhammer'))).toEqual(['QX-100']);
    await addProduct('QX-6000', 'Wasserwaage Libellenprisma');
    // The known words are read again after five minutes; a new word is found exactly at once.
    expect(skusOf(await search('searchKey=libellenprisma'))).toEqual(['QX-6000']);
    shop.services.search.clearCache();
    expect(skusOf(await search('searchKey=libelenprisma'))).toEqual(['QX-6000']);
  });

  it('a word of five letters or more with one typo, when nothing matches as typed', async () => {
    const replaced = await search('searchKey=zyklopemhammer');
    expect(skusOf(replaced)).toEqual(['QX-100']);
    expect(replaced.data[0]!.highlight.name).toEqual([[8, 22]]);
    expect(skusOf(await search('searchKey=quarzti%20zyklopenzange'))).toEqual(['QX-1001']);
    expect(skusOf(await search('searchKey=zyklopenzang'))).toEqual(['QX-1001']);
    expect(skusOf(await search('searchKey=quarzit%20eihce'))).toEqual(['QX-2000']);
    // Four letters are too few to tell a typo from another word.
    expect(skusOf(await search('searchKey=quarzit%20eihc'))).toEqual([]);
  });

  it('the English name too', async () => {
    expect(skusOf(await search('searchKey=quartzite%20key'))).toEqual(['QX-2000']);
  });

  it('words shorter than three letters as part of a longer key', async () => {
    expect(skusOf(await search('searchKey=zyklopenhammer%20500%20g'))).toEqual(['QX-100']);
    expect(skusOf(await search('searchKey=besen%2060%20cm'))).toEqual(['QX-2001']);
    // Only short words: the key is looked up as one phrase.
    expect(skusOf(await search('searchKey=60%20cm'))).toContain('QX-2001');
    const shortAndLong = await search('searchKey=60%20cm%20quarzit');
    expect(skusOf(shortAndLong)).toEqual(['QX-2001']);
    expect(shortAndLong.meta.total).toBe(1);
  });
});

describe('GET /api/material/search answers', () => {
  it('with marks on the matched parts of name and sku', async () => {
    const [hammer] = (await search('searchKey=zyklop%20QX-100')).data;
    expect(hammer!.highlight.name).toEqual([[8, 14]]);
    expect(hammer!.highlight.sku).toEqual([[0, 6]]);
    const [board] = (await search('searchKey=schluesselbrett')).data;
    expect(board!.name.slice(board!.highlight.name[0]![0], board!.highlight.name[0]![1])).toBe('Schlüsselbrett');
  });

  it('with paging and the total', async () => {
    const first = await search('searchKey=quarzit&pageSize=2&page=1');
    const second = await search('searchKey=quarzit&pageSize=2&page=2');
    expect(first.meta).toMatchObject({ total: 7, page: 1, pageSize: 2 });
    expect(first.data).toHaveLength(2);
    expect(second.data.map((p) => p._id)).not.toEqual(first.data.map((p) => p._id));
    expect((await search('searchKey=quarzit')).meta.pageSize).toBe(20);
  });

  it('with the visible categories whose names contain every word', async () => {
    const answer = await search('searchKey=werkzeug');
    const names = answer.meta.categories.map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(['Werkzeug', 'Handwerkzeug', 'Elektrowerkzeug']));
    expect(names.every((name) => name.toLowerCase().includes('werkzeug'))).toBe(true);
    expect((await search('searchKey=saegen')).meta.categories.map((category) => category.name)).toEqual(['Sägen & Zubehör']);
  });

  it('in the buyer’s language and prices, and without prices for guests', async () => {
    const [guestHit] = (await search('searchKey=QX-100', 'guest')).data;
    expect(guestHit!.sku).toBe('QX-100');
    expect(guestHit!.price).toBeNull();
    const [customerHit] = (await search('searchKey=QX-100')).data;
    expect(customerHit!.price).toMatchObject({ value: 10, currency: 'EUR' });
  });
});

describe('GET /api/material/search filters', () => {
  it('by available stock', async () => {
    expect(skusOf(await search('searchKey=quarzit%20besen'))).toEqual(['QX-2001']);
    const inStockOnly = await search('searchKey=quarzit%20besen&stockAvail=1');
    expect(skusOf(inStockOnly)).toEqual([]);
    // The total counts what the buyer may see under the filters, as the page lists it.
    expect(inStockOnly.meta.total).toBe(0);
    expect((await search('searchKey=quarzit&stockAvail=1')).meta.total).toBe(6);
  });

  it('by pre-order mode: only products with pre-stocks', async () => {
    const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const season = await shop.db.selectFrom('seasons').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    expect(skusOf(await search('searchKey=zyklop&isPreOrderMode=1'))).toEqual([]);
    await shop.db.insertInto('product_pre_stocks').values({ tenant_id: tenant.id, product_id: ids.get('QX-1001')!, season_id: season.id, quantity: 5 }).execute();
    expect(skusOf(await search('searchKey=zyklop&isPreOrderMode=1'))).toEqual(['QX-1001']);
  });

  it('deal categories away from accounts without deals', async () => {
    expect(skusOf(await search('searchKey=sonderposten'))).toEqual(['QX-4000']);
    const withoutDeals = await search('searchKey=sonderposten', 'customer2');
    expect(skusOf(withoutDeals)).toEqual([]);
    expect(withoutDeals.meta.total).toBe(0);
    expect((await search('searchKey=quarzit', 'customer2')).meta.total).toBe(6);
  });

  it('inactive products and other tenants’ products away', async () => {
    const other = await shop.db.insertInto('tenants').values({ slug: 'other-search', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    const category = await shop.db.insertInto('categories').values({ tenant_id: other.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
    await addProduct('QX-9000', 'Quarzit Fremdware', { tenantId: other.id, categoryId: category.id });
    await addProduct('QX-9001', 'Quarzit Altware');
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', ids.get('QX-9001')!).execute();
    for (const key of ['fremdware', 'altware']) {
      const answer = await search(`searchKey=${key}`);
      expect(skusOf(answer), key).toEqual([]);
      expect(answer.meta.total, key).toBe(0);
    }
  });
});

describe('the search follows catalogue changes at once', () => {
  it('renamed products, changed and removed variants, deleted products', async () => {
    const id = await addProduct('QX-5000', 'Quarzit Drehmomentschlüssel');
    expect(skusOf(await search('searchKey=drehmoment'))).toEqual(['QX-5000']);
    await shop.db.updateTable('products').set({ name: 'Quarzit Kraftschlüssel' }).where('id', '=', id).execute();
    expect(skusOf(await search('searchKey=drehmoment'))).toEqual([]);
    expect(skusOf(await search('searchKey=kraftschluessel'))).toEqual(['QX-5000']);

    await shop.db.updateTable('product_variants').set({ is_active: 0 }).where('variant_sku', '=', 'QXV-GR-9').execute();
    expect(skusOf(await search('searchKey=QXV-GR-9'))).toEqual([]);
    await shop.db.updateTable('product_variants').set({ is_active: 1 }).where('variant_sku', '=', 'QXV-GR-9').execute();
    expect(skusOf(await search('searchKey=QXV-GR-9'))).toEqual(['QXV-GR-9']);
    await shop.db.deleteFrom('product_variants').where('variant_sku', '=', 'QXV-GR-9').execute();
    expect(skusOf(await search('searchKey=QXV-GR-9'))).toEqual([]);

    await shop.db.deleteFrom('products').where('id', '=', id).execute();
    expect(skusOf(await search('searchKey=kraftschluessel'))).toEqual([]);
  });
});

describe('GET /api/material/search refuses', () => {
  it.each([
    ['', 'search.key.required', 'A search key is required'],
    ['searchKey=', 'search.key.required', 'A search key is required'],
    ['searchKey=%20%20', 'search.key.required', 'A search key is required'],
    ['searchKey=ab', 'search.term.too.short', 'Search term should be at least 3 characters long.'],
    ['searchKey=%20ab%20', 'search.term.too.short', 'Search term should be at least 3 characters long.'],
  ])('"%s" with %s', async (query, messageKey, message) => {
    const response = await client.get(`/api/material/search?${query}`, 'customer', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ messageKey, message, field: 'searchKey' });
  });

  it('answers in German by default', async () => {
    const response = await client.get('/api/material/search?searchKey=ab', 'customer');
    expect(response.json().message).toBe('Der Suchbegriff muss mindestens 3 Zeichen lang sein.');
  });

  it('bad paging and flags, and visitors without a session', async () => {
    expect((await client.get('/api/material/search?searchKey=quarzit&page=0', 'customer')).statusCode).toBe(400);
    expect((await client.get('/api/material/search?searchKey=quarzit&pageSize=1000', 'customer')).statusCode).toBe(400);
    expect((await client.get('/api/material/search?searchKey=quarzit&stockAvail=yes', 'customer')).statusCode).toBe(400);
    expect((await client.get('/api/material/search?searchKey=quarzit&page=200&pageSize=100', 'customer')).statusCode).toBe(400);
    expect((await client.get('/api/material/search?searchKey=quarzit', null)).statusCode).toBe(401);
    const tooLong = await client.get(`/api/material/search?searchKey=${'a'.repeat(101)}`, 'customer');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'searchKey', messageKey: 'validation.too_long' });
  });

  it('keys that would break the query language or LIKE', async () => {
    for (const key of ['"quarzit', 'quarzit"', '100%', 'qx_100', 'a\\b\\c', 'NEAR(quarzit)', '* OR *']) {
      const response = await client.get(`/api/material/search?searchKey=${encodeURIComponent(key)}`, 'customer');
      expect(response.statusCode, key).toBe(200);
    }
    expect(skusOf(await search(`searchKey=${encodeURIComponent('"quarzit zyklopenhammer"')}`))).toEqual(['QX-100']);
    expect(skusOf(await search('searchKey=qx_100'))).toEqual([]);
  });
});

describe('GET /api/material/search with many matches', () => {
  it('many matches in name order across pages, counted up to 1,000', async () => {
    const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const category = slugs.get('messwerkzeug')!;
    const bulk = Array.from({ length: 1100 }, (_, index) => ({
      tenant_id: tenant.id, category_id: category, sku: `YT-${String(index).padStart(5, '0')}`, name: `Yttrium Massenartikel ${String((index * 7919) % 1100).padStart(4, '0')}`,
      name_en: null, description: null, description_en: null, price_cents: 100, retail_price_cents: null, pre_order_price_cents: null,
      vat_rate_bp: 1900, stock: 1, sales_unit_id: null, release_date: null, bestseller_rank: null, is_featured: 0 as const, attributes: '{}',
    }));
    await shop.db.insertInto('products').values(bulk).execute();
    expect((await search('searchKey=massenartikel&pageSize=100&page=1')).meta.total).toBe(1000);
    const names: string[] = [];
    for (let page = 1; page <= 3; page++) names.push(...(await search(`searchKey=yttrium&pageSize=100&page=${page}`)).data.map((p) => `${p.name}|${p._id}`));
    expect(names).toHaveLength(300);
    expect(new Set(names).size).toBe(names.length);
    const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expect(names.map((entry) => entry.split('|')[0]!)).toEqual(names.map((entry) => entry.split('|')[0]!).sort(byName));
  });

  it('many matches at the start of the names and many after a thousand others, page by page in name order', async () => {
    // A walk of the names from the start meets the first ones at once and none of the last for a long stretch.
    const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const category = slugs.get('messwerkzeug')!;
    const product = (sku: string, name: string) => ({
      tenant_id: tenant.id, category_id: category, sku, name,
      name_en: null, description: null, description_en: null, price_cents: 100, retail_price_cents: null, pre_order_price_cents: null,
      vat_rate_bp: 1900, stock: 1, sales_unit_id: null, release_date: null, bestseller_rank: null, is_featured: 0 as const, attributes: '{}',
    });
    const first = Array.from({ length: 1200 }, (_, index) => product(`AL-${String(index).padStart(4, '0')}`, `Aarwabe Lagerposten ${String((index * 31) % 1200).padStart(4, '0')}`));
    const late = Array.from({ length: 250 }, (_, index) => product(`ZW-${String(index).padStart(4, '0')}`, `Zwirbelposten ${String((index * 97) % 250).padStart(3, '0')}`));
    await shop.db.insertInto('products').values([...first, ...late]).execute();

    const firstPage = await search('searchKey=lagerposten&pageSize=100&page=1');
    expect(firstPage.meta.total).toBe(1000);
    expect(firstPage.data.map((entry) => entry.name)).toEqual(first.map((entry) => entry.name).sort().slice(0, 100));

    const expected = late.map((entry) => entry.name).sort();
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await search(`searchKey=zwirbelposten&pageSize=100&page=${page}`));
    expect(pages[0]!.meta.total).toBe(250);
    expect(pages.map((answer) => answer.data.length)).toEqual([100, 100, 50]);
    expect(pages.flatMap((answer) => answer.data.map((entry) => entry.name))).toEqual(expected);
  });
});
