import { insertNotification } from '../../server/modules/notifications/notification.repository.ts';
import type { HostileShop, Role } from './shop.ts';

// The data the suite aims at, in each test file's own database copy: sample ids of things a buyer
// may see, and the things nobody outside may reach (another tenant's product, a product of an
// inactive category, an inactive product, a deal product for a buyer without deals), plus other
// companies' baskets and wishlists.

export interface Samples {
  tenantId: number;
  /** An active product in an active, non-deal category, with its sku and a variant sku if any. */
  product: { id: number; sku: string; variantSku: string | null; name: string };
  /** An active main category (not deals). */
  category: { id: number; name: string; verbose: string };
  contentSlug: string | null;
  userIds: Record<Exclude<Role, 'none'>, number>;
}

export interface HiddenProduct {
  kind: 'other-tenant' | 'inactive-category' | 'inactive-product' | 'deal';
  id: number;
  sku: string;
  name: string;
  categoryId: number;
  /** Roles for which it is hidden (the deal product only for accounts without deals). */
  hiddenFor: readonly Role[];
}

export interface Fixtures {
  samples: Samples;
  hidden: HiddenProduct[];
  /** Categories nobody of the demo tenant may open (other tenant's, inactive), and the deal category for accounts without deals. */
  hiddenCategories: { kind: string; id: number; hiddenFor: readonly Role[] }[];
  /** Ids that never existed, the reference a hidden id must answer like. */
  unknown: { id: number; sku: string; categoryId: number; recordId: number; userId: number };
  /** Baskets, wishlists, stock alarms and notifications of other users, by owner. */
  foreignRecords: { owner: string; companyOf: string; basketId: number; wishlistId: number; alarmId: number; notificationId: number; userId: number }[];
  /** Orders of three companies (two of the demo tenant, one of the other tenant) and who may see each. */
  orders: { owner: string; id: number; visibleTo: readonly Role[] }[];
}

const otherHost = 'shop.other-wholesaler.example';

function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function insertProduct(shop: HostileShop, values: { tenantId: number; categoryId: number; sku: string; name: string; isActive?: 0 | 1 }): Promise<number> {
  const row = await shop.db
    .insertInto('products')
    .values({
      tenant_id: values.tenantId,
      category_id: values.categoryId,
      sku: values.sku,
      name: values.name,
      name_en: `${values.name} EN`,
      description: null,
      description_en: null,
      price_cents: 4321,
      retail_price_cents: 9876,
      pre_order_price_cents: 3210,
      vat_rate_bp: 1900,
      stock: 77,
      sales_unit_id: null,
      release_date: null,
      bestseller_rank: 1,
      is_featured: 1,
      is_active: values.isActive ?? 1,
      attributes: JSON.stringify({ Marke: `${values.name} Marke` }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await shop.db
    .insertInto('product_images')
    .values({ tenant_id: values.tenantId, product_id: row.id, url: `/media/hidden/${values.sku}.svg`, width: 10, height: 10 })
    .execute();
  return row.id;
}

/** An order with one line, written as the ERP would: its number and line name mark it in answers. */
async function insertOrder(shop: HostileShop, values: { tenantId: number; companyId: number; userId: number; orderNumber: string }): Promise<number> {
  const order = await shop.db
    .insertInto('orders')
    .values({ tenant_id: values.tenantId, order_number: values.orderNumber, company_id: values.companyId, user_id: values.userId, order_date: '2024-05-02T10:00:00.000Z', net_total_cents: 1000, vat_total_cents: 190, gross_total_cents: 1190, search_text: `${values.orderNumber.toLowerCase()}-sku  geheimartikel` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await shop.db
    .insertInto('order_items')
    .values({ tenant_id: values.tenantId, order_id: order.id, sku: `${values.orderNumber}-SKU`, name: 'Geheimartikel', quantity: 1, unit_price_cents: 1000, vat_rate_bp: 1900, line_net_cents: 1000 })
    .execute();
  return order.id;
}

async function createOtherTenant(shop: HostileShop) {
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
  const user = await db
    .insertInto('users')
    .values({ tenant_id, company_id: company.id, current_company_id: null, username: 'customer', email: 'kunde@other.example', first_name: 'F', last_name: 'K', phone: null, password_hash: demoCustomer.password_hash, role: 'customer', locale: null, is_deal: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await db.insertInto('categories').values({ tenant_id, parent_id: null, slug: 'fremd', name: 'Fremdsortiment', name_en: null }).returning('id').executeTakeFirstOrThrow();
  const productId = await insertProduct(shop, { tenantId: tenant_id, categoryId: category.id, sku: 'FREMD-HX-1', name: 'Fremdprodukt Zeta' });
  const now = new Date().toISOString();
  const basket = await db.insertInto('baskets').values({ tenant_id, user_id: user.id, company_id: company.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const wishlist = await db.insertInto('wishlists').values({ tenant_id, user_id: user.id, company_id: company.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const orderId = await insertOrder(shop, { tenantId: tenant_id, companyId: company.id, userId: user.id, orderNumber: 'FREMD-ORDER-1' });
  const owner = { tenant_id, user_id: user.id, company_id: company.id };
  const alarm = await db
    .insertInto('stock_alarms')
    .values({ ...owner, product_id: productId, variant_id: null, name: 'Fremdprodukt Zeta', domain_reference: 'FREMD-HX-1', quantity: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notificationId = await notificationOf(shop, owner, { id: productId, sku: 'FREMD-HX-1', name: 'Fremdprodukt Zeta' });
  return { tenantId: tenant_id, categoryId: category.id, productId, userId: user.id, basketId: basket.id, wishlistId: wishlist.id, alarmId: alarm.id, notificationId, orderId };
}

/** A back-in-stock notification of the owner, written as the firing worker writes one (with the kept count). */
function notificationOf(shop: HostileShop, owner: { tenant_id: number; user_id: number; company_id: number }, product: { id: number; sku: string; name: string }): Promise<number> {
  return shop.db.transaction().execute((trx) =>
    insertNotification(trx, { ...owner, type: 'backInStock', product_id: product.id, variant_id: null, name: product.name, domain_reference: product.sku, quantity: 1, alarm_id: null, mail_state: null }),
  );
}

/** Creates the hidden products and foreign records; call once per test file, right after the shop starts. */
export async function createFixtures(shop: HostileShop): Promise<Fixtures> {
  const db = shop.db;
  const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  const categories = await db.selectFrom('categories').select(['id', 'slug', 'name', 'parent_id', 'is_deal', 'is_active']).where('tenant_id', '=', tenantId).execute();
  const deal = categories.find((c) => c.is_deal === 1 && c.is_active === 1)!;
  const inactive = categories.find((c) => c.is_active === 0)!;
  const main = categories.find((c) => c.parent_id === null && c.is_deal === 0 && c.is_active === 1)!;
  const sub = categories.find((c) => c.parent_id === main.id && c.is_active === 1) ?? main;
  if (!deal || !inactive || !main) throw new Error('the demo seed lacks a deal, an inactive or a main category');

  const users = await db.selectFrom('users').select(['id', 'username', 'is_deal']).where('tenant_id', '=', tenantId).execute();
  const userId = (username: string) => users.find((u) => u.username === username)!.id;
  const withoutDeals = (['guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'] as const).filter(
    (role) => users.find((u) => u.username === role)?.is_deal !== 1,
  );
  const all: Role[] = ['guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'];

  const other = await createOtherTenant(shop);
  const hidden: HiddenProduct[] = [
    { kind: 'other-tenant', id: other.productId, sku: 'FREMD-HX-1', name: 'Fremdprodukt Zeta', categoryId: other.categoryId, hiddenFor: all },
    { kind: 'inactive-category', id: await insertProduct(shop, { tenantId, categoryId: inactive.id, sku: 'HID-INCAT-1', name: 'Auslauf Quasar' }), sku: 'HID-INCAT-1', name: 'Auslauf Quasar', categoryId: inactive.id, hiddenFor: all },
    { kind: 'inactive-product', id: await insertProduct(shop, { tenantId, categoryId: sub.id, sku: 'HID-INACT-1', name: 'Inaktiv Pulsar', isActive: 0 }), sku: 'HID-INACT-1', name: 'Inaktiv Pulsar', categoryId: sub.id, hiddenFor: all },
    { kind: 'deal', id: await insertProduct(shop, { tenantId, categoryId: deal.id, sku: 'HID-DEAL-1', name: 'Angebot Nebula' }), sku: 'HID-DEAL-1', name: 'Angebot Nebula', categoryId: deal.id, hiddenFor: withoutDeals },
  ];

  const product = await db
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (join) => join.onRef('v.product_id', '=', 'p.id').on('v.is_active', '=', 1))
    .select(['p.id', 'p.sku', 'p.name', 'v.variant_sku'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('p.category_id', '=', sub.id)
    .orderBy('v.variant_sku', 'desc')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const content = await db.selectFrom('content_pages').select('slug').where('tenant_id', '=', tenantId).where('is_active', '=', 1).executeTakeFirst();

  const companies = await db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).execute();
  const companyOf = (customerNo: string) => companies.find((c) => c.customer_no === customerNo)!.id;

  // Baskets, wishlists and stock alarms of buyers in two demo companies, made the way a buyer makes them, and a notification of each.
  const foreignRecords: Fixtures['foreignRecords'] = [];
  for (const owner of ['customer', 'customer2'] as const) {
    const authorization = (await shop.authHeaders(owner, 'api')).authorization!;
    const basket = await shop.app.inject({ method: 'POST', url: '/api/basket', headers: { authorization }, payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] } });
    const wishlist = await shop.app.inject({ method: 'POST', url: '/api/wishlist', headers: { authorization }, payload: { items: [{ _id: product.id }] } });
    const alarm = await shop.app.inject({ method: 'POST', url: '/api/alarm', headers: { authorization }, payload: { name: product.name, domainId: product.id, domainReference: product.sku } });
    if (basket.statusCode !== 200 || wishlist.statusCode !== 200 || alarm.statusCode !== 200) throw new Error(`fixture basket/wishlist/alarm of ${owner}: ${basket.body} ${wishlist.body} ${alarm.body}`);
    const companyNo = owner === 'customer' ? '10001' : '10002';
    const notificationId = await notificationOf(shop, { tenant_id: tenantId, user_id: userId(owner), company_id: companyOf(companyNo) }, product);
    foreignRecords.push({ owner, companyOf: companyNo, basketId: basket.json().id, wishlistId: wishlist.json().id, alarmId: alarm.json().data._id, notificationId, userId: userId(owner) });
  }
  foreignRecords.push({ owner: 'other tenant’s customer', companyOf: '90001', basketId: other.basketId, wishlistId: other.wishlistId, alarmId: other.alarmId, notificationId: other.notificationId, userId: other.userId });

  const orders: Fixtures['orders'] = [
    { owner: 'company 10001', id: await insertOrder(shop, { tenantId, companyId: companyOf('10001'), userId: userId('customer'), orderNumber: 'HOSTILE-10001' }), visibleTo: ['customer', 'customeradmin', 'sales', 'admin'] },
    { owner: 'company 10002', id: await insertOrder(shop, { tenantId, companyId: companyOf('10002'), userId: userId('customer2'), orderNumber: 'HOSTILE-10002' }), visibleTo: ['customer2'] },
    { owner: 'other tenant', id: other.orderId, visibleTo: [] },
  ];

  return {
    samples: {
      tenantId,
      product: { id: product.id, sku: product.sku, variantSku: product.variant_sku ?? null, name: product.name },
      category: { id: main.id, name: main.name, verbose: `${slugify(main.name)}-${main.id}` },
      contentSlug: content?.slug ?? null,
      userIds: {
        guest: userId('guest'),
        customer: userId('customer'),
        customeradmin: userId('customeradmin'),
        customer2: userId('customer2'),
        sales: userId('sales'),
        admin: userId('admin'),
      },
    },
    hidden,
    hiddenCategories: [
      { kind: 'other-tenant', id: other.categoryId, hiddenFor: all },
      { kind: 'inactive-category', id: inactive.id, hiddenFor: all },
      { kind: 'deal', id: deal.id, hiddenFor: withoutDeals },
    ],
    unknown: { id: 987_654_321, sku: 'NO-SUCH-SKU-1', categoryId: 987_654_322, recordId: 987_654_323, userId: 987_654_324 },
    foreignRecords,
    orders,
  };
}
