import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';

// The ERP loads the catalogue: PUT /erp/v1/categories and PUT /erp/v1/products (scope catalog:write).
// Every row is answered on its own; an unchanged row writes nothing; the storefront shows the result.

let shop: TestShop;
let tenantId: number;
let secret: string;

interface Answer {
  counts: Record<'created' | 'updated' | 'unchanged' | 'failed', number>;
  rows: { line: number; key: string; result: string; errors?: { path: string; code: string; message: string }[] }[];
}

async function put(path: 'categories' | 'products', payload: unknown, options: { key?: string | null; headers?: Record<string, string> } = {}) {
  const key = options.key === undefined ? secret : options.key;
  const response = await shop.app.inject({
    method: 'PUT',
    url: `/erp/v1/${path}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
    payload: payload as object,
  });
  return { statusCode: response.statusCode, body: response.json<Answer>() };
}

async function upsert(path: 'categories' | 'products', rows: unknown[]): Promise<Answer> {
  const answer = await put(path, rows);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const results = (answer: Answer) => answer.rows.map((row) => `${row.key}:${row.result}`);
const errorsOf = (answer: Answer, key: string) => answer.rows.find((row) => row.key === key)?.errors?.map((error) => `${error.path} ${error.code}`);

function category(externalId: string, parentExternalId: string | null, name: string, extra: Record<string, unknown> = {}) {
  return { externalId, parentExternalId, names: { de: name, en: `${name} (en)` }, ...extra };
}

function product(sku: string, extra: Record<string, unknown> = {}) {
  return {
    sku,
    names: { de: `Prüfschraube ${sku}`, en: `Test screw ${sku}` },
    descriptions: { de: 'Verzinkt.\nMit Zulassung.', en: 'Zinc plated.' },
    categoryExternalId: 'ERP-SUB',
    salesUnit: 'KAR',
    batchSize: 10,
    taxCategory: 'reduced',
    releaseDate: '2027-02-01',
    positiveStockOnly: true,
    stockFreeze: false,
    attributes: { Marke: 'Erpwerk', Material: 'Stahl' },
    salesAttributes: { Garantie: '2 Jahre' },
    images: [{ url: `https://media.example.com/${sku}-1.jpg`, width: 800, height: 600 }, { url: `https://media.example.com/${sku}-2.jpg` }],
    variants: [
      { variantSku: `${sku}-R`, name: 'Rot', attributes: { Farbe: 'Rot' } },
      { variantSku: `${sku}-G`, name: 'Grün', attributes: { Farbe: 'Grün' } },
      { variantSku: `${sku}-B`, name: 'Blau', attributes: { Farbe: 'Blau' }, active: false, position: 7 },
    ],
    active: true,
    ...extra,
  };
}

const productRow = (sku: string) => shop.db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirstOrThrow();
const categoryRow = (externalId: string) =>
  shop.db.selectFrom('categories').selectAll().where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirstOrThrow();
const variantsOf = (productId: number) =>
  shop.db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('sort_order').orderBy('id').execute();
const imagesOf = (productId: number) =>
  shop.db.selectFrom('product_images').select(['url', 'width', 'height', 'sort_order']).where('product_id', '=', productId).orderBy('sort_order').execute();

/** What the price upsert does when a list price comes (tested with that route): price, has_price, visibility. */
async function giveListPrice(sku: string, cents: number) {
  const stored = await productRow(sku);
  await shop.db
    .updateTable('products')
    .set({ price_cents: cents, has_price: 1, is_active: stored.erp_active })
    .where('id', '=', stored.id)
    .execute();
  shop.services.catalog.clearCache();
  shop.services.search.clearCache();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  ({ secret } = await shop.services.apiClients.create({ tenantId, name: 'ERP', scopes: ['catalog:write'], expiresAt: null }));
  await upsert('categories', [category('ERP-SUB', 'ERP-MAIN', 'Schrauben ERP'), category('ERP-MAIN', null, 'Befestigung ERP')]);
});
afterAll(() => shop.close());

describe('PUT /erp/v1/categories', () => {
  it('creates parents and children sent in any order, each with a slug of its own', async () => {
    const answer = await upsert('categories', [
      category('C-LEAF', 'C-MID', 'Werkzeug', { position: 3 }),
      category('C-MID', 'C-TOP', 'Werkzeug'),
      category('C-TOP', null, 'Werkzeug', { deal: true, active: false }),
    ]);
    expect(answer.counts).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 0 });
    expect(results(answer)).toEqual(['C-LEAF:created', 'C-MID:created', 'C-TOP:created']);
    const [leaf, mid, top] = await Promise.all([categoryRow('C-LEAF'), categoryRow('C-MID'), categoryRow('C-TOP')]);
    expect(top).toMatchObject({ parent_id: null, name: 'Werkzeug', name_en: 'Werkzeug (en)', is_deal: 1, is_active: 0, sort_order: 0 });
    expect(mid).toMatchObject({ parent_id: top.id, is_deal: 0, is_active: 1 });
    expect(leaf).toMatchObject({ parent_id: mid.id, sort_order: 3 });
    // The demo seed has a category 'werkzeug' already: slugs stay unique per tenant.
    const slugs = [leaf.slug, mid.slug, top.slug];
    expect(new Set(slugs).size).toBe(3);
    for (const slug of slugs) expect(slug).toMatch(/^werkzeug-\d+$/);
  });

  it('answers an equal row unchanged and writes nothing, a changed one updated', async () => {
    const rows = [category('U-TOP', null, 'Unverändert'), category('U-SUB', 'U-TOP', 'Unterteil', { position: 2 })];
    await upsert('categories', rows);
    const before = await shop.db.selectFrom('categories').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
    const again = await upsert('categories', rows);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(await shop.db.selectFrom('categories').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute()).toEqual(before);

    const changed = await upsert('categories', [category('U-TOP', null, 'Unverändert'), category('U-SUB', null, 'Unterteil neu', { position: 2 })]);
    expect(results(changed)).toEqual(['U-TOP:unchanged', 'U-SUB:updated']);
    expect(await categoryRow('U-SUB')).toMatchObject({ parent_id: null, name: 'Unterteil neu', slug: before.find((row) => row.external_id === 'U-SUB')!.slug });
  });

  it('fails row by row: unknown parents, cycles, duplicate keys and bad fields, and writes the rest', async () => {
    await upsert('categories', [category('Z-STORED', null, 'Gespeichert'), category('Z-CHILD', 'Z-STORED', 'Kind')]);
    const answer = await upsert('categories', [
      category('F-ORPHAN', 'NOWHERE', 'Waise'),
      category('F-A', 'F-B', 'Ring A'),
      category('F-B', 'F-A', 'Ring B'),
      category('F-UNDER-RING', 'F-A', 'Unter dem Ring'),
      // Z-STORED under its own stored child: a cycle through what is stored.
      category('Z-STORED', 'Z-CHILD', 'Gespeichert'),
      category('F-SELF', 'F-SELF', 'Selbst'),
      { externalId: 'F-BAD', names: { en: 'No German' }, position: -1 },
      category('F-OK', null, 'Gut'),
      category('F-OK', null, 'Doppelt'),
      { names: { de: 'Ohne Schlüssel' } },
    ]);
    expect(answer.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 9 });
    expect(errorsOf(answer, 'F-ORPHAN')).toEqual(['parentExternalId erp.reference.unknown']);
    expect(errorsOf(answer, 'F-A')).toEqual(['parentExternalId erp.category.cycle']);
    expect(errorsOf(answer, 'F-B')).toEqual(['parentExternalId erp.category.cycle']);
    expect(errorsOf(answer, 'F-UNDER-RING')).toEqual(['parentExternalId erp.reference.unknown']);
    expect(errorsOf(answer, 'Z-STORED')).toEqual(['parentExternalId erp.category.cycle']);
    expect(errorsOf(answer, 'F-SELF')).toEqual(['parentExternalId erp.category.cycle']);
    expect(errorsOf(answer, 'F-BAD')).toEqual(['names.de validation.required', 'position validation.invalid']);
    expect(answer.rows[8]).toMatchObject({ key: 'F-OK', result: 'failed', errors: [{ path: 'externalId', code: 'erp.key.duplicate' }] });
    expect(answer.rows[8]!.errors![0]!.message).toContain('F-OK');
    expect(answer.rows[9]).toMatchObject({ line: 10, key: '', result: 'failed', errors: [{ path: 'externalId', code: 'validation.required' }] });
    expect((await categoryRow('F-OK')).name).toBe('Gut');
    expect((await categoryRow('Z-STORED')).parent_id).toBeNull();
    const failedKeys = ['F-ORPHAN', 'F-A', 'F-B', 'F-UNDER-RING', 'F-SELF', 'F-BAD'];
    expect(await shop.db.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('external_id', 'in', failedKeys).execute()).toEqual([]);
  });

  it('answers the errors in the language asked for', async () => {
    const answer = await put('categories', [category('L-1', 'NOWHERE', 'Sprache')], { headers: { 'accept-language': 'de' } });
    expect(answer.body.rows[0]!.errors![0]!.message).toBe('Zum Schlüssel NOWHERE ist nichts bekannt.');
  });
});

describe('PUT /erp/v1/products', () => {
  it('creates a product without a price yet: hidden, with its fields, variants and images', async () => {
    const answer = await upsert('products', [product('ERP-1')]);
    expect(answer.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 0 });
    const stored = await productRow('ERP-1');
    const sub = await categoryRow('ERP-SUB');
    const unit = await shop.db.selectFrom('sales_units').select('id').where('tenant_id', '=', tenantId).where('code', '=', 'KAR').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      category_id: sub.id,
      name: 'Prüfschraube ERP-1',
      name_en: 'Test screw ERP-1',
      description: 'Verzinkt.\nMit Zulassung.',
      description_en: 'Zinc plated.',
      price_cents: 0,
      has_price: 0,
      erp_active: 1,
      is_active: 0,
      tax_category: 'reduced',
      vat_rate_bp: 700,
      sales_unit_id: unit.id,
      sales_batch_size: 10,
      release_date: '2027-02-01',
      is_only_sellable_with_positive_stock: 1,
      is_stock_freeze: 0,
    });
    expect(JSON.parse(stored.attributes)).toEqual({ Marke: 'Erpwerk', Material: 'Stahl' });
    expect(JSON.parse(stored.sales_attributes)).toEqual({ Garantie: '2 Jahre' });
    expect((await variantsOf(stored.id)).map((v) => [v.variant_sku, v.name, JSON.parse(v.attributes), v.is_active, v.sort_order])).toEqual([
      ['ERP-1-R', 'Rot', { Farbe: 'Rot' }, 1, 0],
      ['ERP-1-G', 'Grün', { Farbe: 'Grün' }, 1, 1],
      ['ERP-1-B', 'Blau', { Farbe: 'Blau' }, 0, 7],
    ]);
    expect(await imagesOf(stored.id)).toEqual([
      { url: 'https://media.example.com/ERP-1-1.jpg', width: 800, height: 600, sort_order: 0 },
      { url: 'https://media.example.com/ERP-1-2.jpg', width: 0, height: 0, sort_order: 1 },
    ]);
  });

  it('answers an equal row unchanged and writes nothing: no updated_at, no search engine note', async () => {
    await upsert('products', [product('ERP-2')]);
    await shop.db.insertInto('search_engine_sync').values({ index_uid: 'products-test' }).execute();
    try {
      const before = await productRow('ERP-2');
      const variantsBefore = await variantsOf(before.id);
      shop.clock.advance(60_000);
      const again = await upsert('products', [product('ERP-2')]);
      expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 1, failed: 0 });
      expect(await productRow('ERP-2')).toEqual(before);
      expect(await variantsOf(before.id)).toEqual(variantsBefore);
      expect(await shop.db.selectFrom('search_engine_outbox').select('product_id').where('product_id', '=', before.id).execute()).toEqual([]);

      // Every field counts: one changed image, one changed variant each make the row updated.
      const image = product('ERP-2', { images: [{ url: 'https://media.example.com/ERP-2-1.jpg', width: 800, height: 601 }, { url: 'https://media.example.com/ERP-2-2.jpg' }] });
      expect(results(await upsert('products', [image]))).toEqual(['ERP-2:updated']);
      const variant = { ...image, variants: product('ERP-2').variants.map((v, i) => (i === 1 ? { ...v, attributes: { Farbe: 'Dunkelgrün' } } : v)) };
      expect(results(await upsert('products', [variant]))).toEqual(['ERP-2:updated']);
      expect(results(await upsert('products', [variant]))).toEqual(['ERP-2:unchanged']);
      expect((await productRow('ERP-2')).updated_at).not.toBe(before.updated_at);
    } finally {
      await shop.db.deleteFrom('search_engine_sync').execute();
    }
  });

  it('notes what the search engine must index: a new product, one hidden or shown, a variant sku added', async () => {
    await shop.db.insertInto('search_engine_sync').values({ index_uid: 'products-test' }).execute();
    try {
      const notes = async (sku: string) => {
        const stored = await productRow(sku);
        return (await shop.db.selectFrom('search_engine_outbox').select('product_id').where('product_id', '=', stored.id).execute()).length;
      };
      await upsert('products', [product('ERP-ENGINE')]);
      const created = await notes('ERP-ENGINE');
      expect(created).toBeGreaterThan(0);
      await giveListPrice('ERP-ENGINE', 100);
      const shown = await notes('ERP-ENGINE');
      expect(shown).toBeGreaterThan(created);
      await upsert('products', [product('ERP-ENGINE', { active: false })]);
      const hidden = await notes('ERP-ENGINE');
      expect(hidden).toBeGreaterThan(shown);
      await upsert('products', [product('ERP-ENGINE', { active: false, variants: [...product('ERP-ENGINE').variants, { variantSku: 'ERP-ENGINE-W', name: 'Weiß', attributes: {} }] })]);
      expect(await notes('ERP-ENGINE')).toBeGreaterThan(hidden);
    } finally {
      await shop.db.deleteFrom('search_engine_sync').execute();
    }
  });

  it('replaces variants and images as a whole, keeping a kept variant’s row (its price and stock)', async () => {
    await upsert('products', [product('ERP-3')]);
    const stored = await productRow('ERP-3');
    const kept = (await variantsOf(stored.id)).find((v) => v.variant_sku === 'ERP-3-G')!;
    await shop.db.updateTable('product_variants').set({ stock: 42, price_cents: 999 }).where('id', '=', kept.id).execute();

    const answer = await upsert('products', [
      product('ERP-3', {
        names: { de: 'Prüfschraube neu' },
        variants: [
          { variantSku: 'ERP-3-G', name: 'Grün', attributes: { Farbe: 'Grün' }, position: 0 },
          { variantSku: 'ERP-3-Y', name: 'Gelb', attributes: { Farbe: 'Gelb' }, position: 1 },
        ],
        images: [{ url: 'https://media.example.com/other.jpg', width: 10, height: 20 }],
      }),
    ]);
    expect(results(answer)).toEqual(['ERP-3:updated']);
    expect(await productRow('ERP-3')).toMatchObject({ name: 'Prüfschraube neu', name_en: null });
    const variants = await variantsOf(stored.id);
    expect(variants.map((v) => v.variant_sku)).toEqual(['ERP-3-G', 'ERP-3-Y']);
    expect(variants[0]).toMatchObject({ id: kept.id, stock: 42, price_cents: 999 });
    expect(await imagesOf(stored.id)).toEqual([{ url: 'https://media.example.com/other.jpg', width: 10, height: 20, sort_order: 0 }]);

    const none = await upsert('products', [product('ERP-3', { variants: [], images: [] })]);
    expect(results(none)).toEqual(['ERP-3:updated']);
    expect(await variantsOf(stored.id)).toEqual([]);
    expect(await imagesOf(stored.id)).toEqual([]);
  });

  it('fails row by row: unknown references, a foreign variant, duplicates and bad fields', async () => {
    const seedVariant = await shop.db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['product_variants.variant_sku', 'products.sku'])
      .where('product_variants.tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const answer = await upsert('products', [
      product('BAD-CAT', { categoryExternalId: 'NOWHERE' }),
      product('BAD-UNIT', { salesUnit: 'XX' }),
      product('BAD-TAX', { taxCategory: 'luxury' }),
      product('BAD-VARIANT', { variants: [{ variantSku: seedVariant.variant_sku, name: 'Fremd', attributes: {} }] }),
      product('BAD-TWICE', { variants: [{ variantSku: 'TWICE', name: 'Eins', attributes: {} }, { variantSku: 'TWICE', name: 'Zwei', attributes: {} }] }),
      product('BAD-FIELDS', { releaseDate: '2027-02-30', batchSize: 0, attributes: { Marke: 5 }, images: [{ url: 'ftp://x/y.jpg' }], names: { de: '' } }),
      product('OK-1'),
      product('OK-1', { names: { de: 'Zweimal' } }),
      product('TAKES-OK', { variants: [{ variantSku: 'OK-1-R', name: 'Rot', attributes: {} }] }),
    ]);
    expect(answer.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 8 });
    expect(errorsOf(answer, 'BAD-CAT')).toEqual(['categoryExternalId erp.reference.unknown']);
    expect(errorsOf(answer, 'BAD-UNIT')).toEqual(['salesUnit erp.reference.unknown']);
    expect(errorsOf(answer, 'BAD-TAX')).toEqual(['taxCategory erp.tax_category.unknown']);
    expect(answer.rows[2]!.errors![0]!.message).toContain('luxury');
    expect(errorsOf(answer, 'BAD-VARIANT')).toEqual(['variants.0.variantSku erp.variant.foreign']);
    expect(answer.rows[3]!.errors![0]!.message).toContain(seedVariant.sku);
    expect(errorsOf(answer, 'BAD-TWICE')).toEqual(['variants.1.variantSku erp.key.duplicate']);
    expect(errorsOf(answer, 'BAD-FIELDS')).toEqual([
      'names.de validation.required',
      'batchSize validation.invalid',
      'releaseDate validation.date',
      'attributes.Marke validation.invalid',
      'images.0.url validation.invalid',
    ]);
    expect(answer.rows[7]).toMatchObject({ key: 'OK-1', result: 'failed', errors: [{ path: 'sku', code: 'erp.key.duplicate' }] });
    expect(errorsOf(answer, 'TAKES-OK')).toEqual(['variants.0.variantSku erp.variant.foreign']);
    expect((await productRow('OK-1')).name).toBe('Prüfschraube OK-1');
    const failed = ['BAD-CAT', 'BAD-UNIT', 'BAD-TAX', 'BAD-VARIANT', 'BAD-TWICE', 'BAD-FIELDS', 'TAKES-OK'];
    expect(await shop.db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('sku', 'in', failed).execute()).toEqual([]);
  });

  it('keeps a product shown only while the ERP wants it active and it has its list price; never deletes it', async () => {
    await upsert('products', [product('ERP-4')]);
    await giveListPrice('ERP-4', 1250);
    expect(await productRow('ERP-4')).toMatchObject({ is_active: 1, erp_active: 1, has_price: 1, price_cents: 1250 });

    expect(results(await upsert('products', [product('ERP-4', { active: false })]))).toEqual(['ERP-4:updated']);
    expect(await productRow('ERP-4')).toMatchObject({ is_active: 0, erp_active: 0, has_price: 1, price_cents: 1250 });
    expect(results(await upsert('products', [product('ERP-4')]))).toEqual(['ERP-4:updated']);
    expect(await productRow('ERP-4')).toMatchObject({ is_active: 1, erp_active: 1, price_cents: 1250 });

    // Still without a price, an active product stays hidden.
    await upsert('products', [product('ERP-5', { active: false })]);
    expect(results(await upsert('products', [product('ERP-5')]))).toEqual(['ERP-5:updated']);
    expect(await productRow('ERP-5')).toMatchObject({ is_active: 0, erp_active: 1, has_price: 0 });
  });
});

describe('a product row sent again exactly as before', () => {
  it('is answered unchanged by its fingerprint, writing nothing', async () => {
    await upsert('products', [product('FP-1')]);
    const before = await productRow('FP-1');
    expect(before.erp_row_fingerprint).toMatch(/^[\w-]{43}$/);
    shop.clock.advance(60_000);
    expect(results(await upsert('products', [product('FP-1')]))).toEqual(['FP-1:unchanged']);
    expect(await productRow('FP-1')).toEqual(before);
  });

  it('still takes a new VAT rate of its tax category in the seller’s country', async () => {
    await upsert('products', [product('FP-VAT')]);
    const rate = () => shop.db.updateTable('vat_rates').where('tenant_id', '=', tenantId).where('country_code', '=', 'DE').where('tax_category', '=', 'reduced');
    const { rate_bp: was } = await shop.db.selectFrom('vat_rates').select('rate_bp').where('tenant_id', '=', tenantId).where('country_code', '=', 'DE').where('tax_category', '=', 'reduced').executeTakeFirstOrThrow();
    await rate().set({ rate_bp: was + 100 }).execute();
    shop.services.settings.clearCache();
    try {
      expect(results(await upsert('products', [product('FP-VAT')]))).toEqual(['FP-VAT:updated']);
      expect((await productRow('FP-VAT')).vat_rate_bp).toBe(was + 100);
    } finally {
      await rate().set({ rate_bp: was }).execute();
      shop.services.settings.clearCache();
    }
  });

  it('in another form but equal is unchanged, and that form is noted for the next time', async () => {
    await upsert('products', [product('FP-FORM')]);
    const before = await productRow('FP-FORM');
    // The same fields in the opposite order, the defaults spelled out.
    const reordered = Object.fromEntries(Object.entries({ ...product('FP-FORM'), stockFreeze: false }).reverse());
    expect(results(await upsert('products', [reordered]))).toEqual(['FP-FORM:unchanged']);
    const noted = await productRow('FP-FORM');
    expect(noted.erp_row_fingerprint).not.toBe(before.erp_row_fingerprint);
    expect({ ...noted, erp_row_fingerprint: before.erp_row_fingerprint }).toEqual(before);
    expect(results(await upsert('products', [reordered]))).toEqual(['FP-FORM:unchanged']);
    expect(await productRow('FP-FORM')).toEqual(noted);
  });

  it('twice in one request is taken from its first row', async () => {
    await upsert('products', [product('FP-TWICE')]);
    const answer = await upsert('products', [product('FP-TWICE'), product('FP-TWICE')]);
    expect(results(answer)).toEqual(['FP-TWICE:unchanged', 'FP-TWICE:failed']);
    expect(answer.rows[1]!.errors).toEqual([expect.objectContaining({ path: 'sku', code: 'erp.key.duplicate' })]);
    // The other way round too: a changed first row, then the row as stored.
    const renamed = product('FP-TWICE', { names: { de: 'Neu', en: null } });
    expect(results(await upsert('products', [renamed, product('FP-TWICE')]))).toEqual(['FP-TWICE:updated', 'FP-TWICE:failed']);
    expect((await productRow('FP-TWICE')).name).toBe('Neu');
  });
});

describe('the storefront', () => {
  it('lists a loaded product in its category and finds it in the built-in search once it has its price', async () => {
    await upsert('categories', [category('SHOP-SUB', 'SHOP-MAIN', 'Dübel ERP'), category('SHOP-MAIN', null, 'Montage ERP')]);
    await upsert('products', [product('SHOPSKU-77', { categoryExternalId: 'SHOP-SUB', names: { de: 'Zauberdübel Quixotisch', en: 'Magic plug' } })]);
    const customer = await shop.login('customer');
    const main = await categoryRow('SHOP-MAIN');
    const listing = (url: string) => shop.app.inject({ url, headers: { authorization: customer } }).then((r) => r.json<{ data: { sku: string }[] }>().data.map((p) => p.sku));
    const search = () => listing('/api/material/search?searchKey=quixotisch');

    const filters = async () => (await shop.app.inject({ url: `/api/material/getFilterableAttributes?category=${main.id}`, headers: { authorization: customer } })).body;

    expect(await listing(`/api/material?category=${main.id}`)).toEqual([]);
    expect(await search()).toEqual([]);
    expect(await filters()).not.toContain('Erpwerk');

    await giveListPrice('SHOPSKU-77', 499);
    expect(await listing(`/api/material?category=${main.id}`)).toEqual(['SHOPSKU-77']);
    expect(await search()).toEqual(['SHOPSKU-77']);
    // The category's filters offer its attribute values and those of its active variants.
    expect(await filters()).toContain('Erpwerk');
    expect(await filters()).toContain('Grün');
    expect(await filters()).not.toContain('Blau');
    const categories = await shop.app.inject({ url: '/api/materialCategory', headers: { authorization: customer } });
    expect(categories.json<{ data: { _id: number; name: string; parent: number | null }[] }>().data).toContainEqual(
      expect.objectContaining({ _id: main.id, name: 'Montage ERP', parent: null }),
    );

    await upsert('products', [product('SHOPSKU-77', { categoryExternalId: 'SHOP-SUB', names: { de: 'Zauberdübel Quixotisch', en: 'Magic plug' }, active: false })]);
    expect(await listing(`/api/material?category=${main.id}`)).toEqual([]);
    expect(await search()).toEqual([]);
  });

  it('hides a category the ERP deactivates', async () => {
    const customer = await shop.login('customer');
    const main = await categoryRow('SHOP-MAIN');
    const listed = () => shop.app.inject({ url: `/api/material?category=${main.id}`, headers: { authorization: customer } });
    expect((await listed()).statusCode).toBe(200);
    await upsert('categories', [category('SHOP-MAIN', null, 'Montage ERP', { active: false })]);
    expect((await listed()).statusCode).toBe(404);
  });
});

describe('the request', () => {
  it('is refused whole when it is not a list of at most 1,000 rows or its NDJSON is broken, and nothing is written', async () => {
    const count = async () => (await shop.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const notAList = await put('products', product('NOT-A-LIST'));
    expect(notAList.statusCode).toBe(400);
    expect(notAList.body).toMatchObject({ messageKey: 'erp.rows.required' });
    const tooMany = await put('products', Array.from({ length: 1001 }, (_, i) => product(`MANY-${i}`)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toMatchObject({ messageKey: 'erp.rows.too_many' });
    const ndjson = `${JSON.stringify(product('ND-1'))}\n{broken\n`;
    const broken = await shop.app.inject({
      method: 'PUT',
      url: '/erp/v1/products',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-ndjson' },
      payload: ndjson,
    });
    expect(broken.statusCode).toBe(400);
    expect(Number(await count())).toBe(before);
  });

  it('takes NDJSON like JSON', async () => {
    const response = await shop.app.inject({
      method: 'PUT',
      url: '/erp/v1/products',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-ndjson' },
      payload: `${JSON.stringify(product('ND-2'))}\n${JSON.stringify(product('ND-3'))}\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().counts.created).toBe(2);
  });

  it('needs a key (401) with the scope catalog:write (403)', async () => {
    for (const path of ['categories', 'products'] as const) {
      expect((await put(path, [category('NO-KEY', null, 'x')], { key: null })).body).toMatchObject({ messageKey: 'api.key.invalid' });
      const { secret: stockOnly } = await shop.services.apiClients.create({ tenantId, name: `Lager ${path}`, scopes: ['stock:write'], expiresAt: null });
      const refused = await put(path, [category('NO-SCOPE', null, 'x')], { key: stockOnly });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({ messageKey: 'api.scope.missing' });
    }
  });

  it('of another tenant’s key changes nothing of this tenant', async () => {
    const other = await shop.db.insertInto('tenants').values({ slug: 'erp-other', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    await shop.db
      .insertInto('seller_companies')
      .values({ tenant_id: other.id, name: 'Anderer', address: 'Weg 1', city: 'Köln', post_code: '50667', phone: '0', email: 'a@b.example', country_code: 'DE', country_name: 'Deutschland', logo_url: null, company_info_text: null })
      .execute();
    await shop.db.insertInto('vat_rates').values({ tenant_id: other.id, country_code: 'DE', tax_category: 'reduced', rate_bp: 700 }).execute();
    const { secret: otherKey } = await shop.services.apiClients.create({ tenantId: other.id, name: 'ERP', scopes: ['catalog:write'], expiresAt: null });
    const before = await productRow('ERP-1');
    const ours = await categoryRow('ERP-SUB');

    const categories = await put('categories', [category('ERP-SUB', null, 'Fremd')], { key: otherKey });
    expect(categories.body.counts.created).toBe(1);
    const products = await put('products', [product('ERP-1', { salesUnit: null })], { key: otherKey });
    // The other tenant has the category now but none of our variant skus' owners: its own product is created.
    expect(products.body.counts).toMatchObject({ created: 1, failed: 0 });
    expect(await productRow('ERP-1')).toEqual(before);
    expect(await categoryRow('ERP-SUB')).toEqual(ours);
    const theirs = await shop.db.selectFrom('products').select(['tenant_id', 'category_id']).where('tenant_id', '=', other.id).where('sku', '=', 'ERP-1').executeTakeFirstOrThrow();
    expect(theirs.category_id).not.toBe(ours.id);
  });
});
