import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, ListMeta, Product } from '../../core/catalog-types.ts';
import { catalogClient, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// A second wholesaler in the same database: its catalogue must never reach the demo tenant's buyers,
// not even where both use the same sku and attribute names, and the other way round.

type Listing = { data: Product[]; meta: ListMeta };

let shop: TestShop;
let client: CatalogClient;
let other: { categoryId: number; productId: number; auth: string };
const otherHost = 'shop.other-wholesaler.example';

async function createOtherTenant(): Promise<typeof other> {
  const db = shop.db;
  const tenant = await db.insertInto('tenants').values({ slug: 'other', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
  const tenant_id = tenant.id;
  await db.insertInto('tenant_hosts').values({ host: otherHost, tenant_id }).execute();
  await db
    .insertInto('seller_companies')
    .values({ tenant_id, name: 'Anderer Großhandel', address: 'Weg 1', city: 'Köln', post_code: '50667', phone: '0', email: 'a@b.example', country_code: 'DE', country_name: 'Deutschland', logo_url: null, company_info_text: null })
    .execute();
  await db.insertInto('site_settings').values({ tenant_id, settings: '{}' }).execute();
  const company = await db.insertInto('companies').values({ tenant_id, customer_no: '90001', name: 'Fremdkunde GmbH', vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
  const demoCustomer = await db.selectFrom('users').select('password_hash').where('username', '=', 'customer').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({ tenant_id, company_id: company.id, current_company_id: null, username: 'customer', email: 'kunde@other.example', first_name: 'F', last_name: 'K', phone: null, password_hash: demoCustomer.password_hash, role: 'customer', locale: null, is_deal: 1 })
    .execute();
  const category = await db.insertInto('categories').values({ tenant_id, parent_id: null, slug: 'fremd', name: 'Fremdsortiment', name_en: null }).returning('id').executeTakeFirstOrThrow();
  // The same sku as a demo product, and a brand only this tenant carries.
  const product = await db
    .insertInto('products')
    .values({
      tenant_id, category_id: category.id, sku: 'MAT-000002', name: 'Fremdprodukt', name_en: null, description: null, description_en: null,
      price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, stock: 5, sales_unit_id: null,
      release_date: null, bestseller_rank: 1, is_featured: 1, attributes: JSON.stringify({ Marke: 'Fremdmarke' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('product_variants').values({ tenant_id, product_id: product.id, variant_sku: 'FREMD-1-RT', name: 'Fremdprodukt rot', attributes: JSON.stringify({ Farbe: 'Rot' }), price_cents: null }).execute();
  await db.insertInto('product_images').values({ tenant_id, product_id: product.id, url: '/media/other/fremd.svg', width: 10, height: 10 }).execute();
  const login = await shop.app.inject({ method: 'POST', url: '/api/login', headers: { host: otherHost }, payload: { username: 'customer', password: 'Demo-Customer-1', tenant: 'other' } });
  expect(login.statusCode).toBe(200);
  return { categoryId: category.id, productId: product.id, auth: `Basic ${login.json().token}` };
}

beforeAll(async () => {
  shop = await startTestShop();
  client = catalogClient(shop);
  other = await createOtherTenant();
});
afterAll(() => shop.close());

describe('the demo tenant never sees the other tenant’s catalogue', () => {
  it('in categories, lists, filters, similar products, details and images', async () => {
    const categories = await client.json<{ data: Category[] }>('/api/materialCategory', 'customer');
    expect(categories.data.some((c) => c._id === other.categoryId)).toBe(false);

    const everything = await client.json<Listing>('/api/material?pageSize=1', 'customer');
    const demoTotal = await shop.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('t.slug', '=', 'demo')
      .where('p.is_active', '=', 1)
      .where('c.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(everything.meta.total).toBe(Number(demoTotal.n));
    expect((await client.json<Listing>('/api/material?attr[Marke]=Fremdmarke', 'customer')).meta.total).toBe(0);

    const similar = await client.json<{ data: { featured: Product[]; bestsellers: Product[] } }>('/api/material/getSimilarMaterials', 'customer');
    expect([...similar.data.featured, ...similar.data.bestsellers].some((p) => p._id === other.productId)).toBe(false);

    for (const url of [`/api/material/${other.productId}`, `/api/material?category=${other.categoryId}`, `/api/material/getFilterableAttributes?category=${other.categoryId}`]) {
      expect((await client.get(url, 'customer')).statusCode, url).toBe(404);
    }

    const images = await client.json<{ sku: string; images: { image: { url: string } }[] }[]>('/api/material/mainMaterialImage?sku=MAT-000002,FREMD-1-RT', 'customer');
    expect(images.map((i) => i.sku)).toEqual(['MAT-000002']);
    expect(images[0]?.images[0]?.image.url).not.toBe('/media/other/fremd.svg');
  });

  it('and the other tenant sees only its own', async () => {
    const headers = { host: otherHost, authorization: other.auth };
    const listing = (await shop.app.inject({ url: '/api/material/listMaterialWithVariants', headers })).json<Listing>();
    expect(listing.meta.total).toBe(1);
    expect(listing.data[0]).toMatchObject({ _id: other.productId, sku: 'MAT-000002', variants: [{ variantSku: 'FREMD-1-RT' }] });
    const filtered = (await shop.app.inject({ url: '/api/material?attr[Farbe]=Rot', headers })).json<Listing>();
    expect(filtered.data.map((p) => p._id)).toEqual([other.productId]);
    const options = (await shop.app.inject({ url: `/api/material/getFilterableAttributes?category=${other.categoryId}`, headers })).json();
    expect(options.data).toEqual([
      { name: 'Farbe', values: ['Rot'] },
      { name: 'Marke', values: ['Fremdmarke'] },
    ]);
    const demoProduct = await shop.db.selectFrom('products').select('id').where('sku', '=', 'MAT-000001').executeTakeFirstOrThrow();
    expect((await shop.app.inject({ url: `/api/material/${demoProduct.id}`, headers })).statusCode).toBe(404);
  });

  it('does not accept a demo session on the other tenant’s host', async () => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({ url: '/api/material', headers: { host: otherHost, authorization: auth } });
    expect(response.statusCode).toBe(401);
  });
});
