import { afterAll, describe, expect, it } from 'vitest';
import { describeAnswer, describeRequest, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { createFixtures, type HiddenProduct } from './fixtures.ts';
import { sendChecked, signed, type RunContext } from './runner.ts';
import { startHostileShop, type Answer, type Role, type SentRequest, type Surface } from './shop.ts';

// Security model: "a hidden or foreign id answers exactly like an unknown one". For every endpoint that
// takes a product id or sku, a category id or a record id, each hidden thing (another tenant's product,
// a product of an inactive category, an inactive product, a deal product for an account without deals)
// and each foreign record (other users' and companies' baskets, wishlists, stock alarms and notifications) is compared with an id
// that never existed: same status, same body (ids aside), nothing of the product anywhere.

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hidden ids: ${context.log.requests} requests`);
  await shop.close();
});

const { samples, unknown } = fixtures;
const visible = samples.product;
const viewers: Exclude<Role, 'none'>[] = ['customer', 'customeradmin', 'customer2', 'sales', 'admin', 'guest'];

/** A thing to probe with: an id, a sku and the text that must not show up. */
interface Probe {
  id: number;
  sku: string;
  categoryId: number;
}

/** One way of naming a product (or category) in a request. */
interface Endpoint {
  name: string;
  surface: Surface;
  request(probe: Probe): SentRequest;
  /** After a write: the reads whose answers must not show the hidden product either. */
  readsAfter?: string[];
}

const json = (method: string, url: string, body: unknown): SentRequest => ({ method, url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const productEndpoints: Endpoint[] = [
  { name: 'GET /api/material/:id', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/${p.id}` }) },
  { name: 'GET /api/material/:id?sku= (sku of another product)', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/${visible.id}?sku=${encodeURIComponent(p.sku)}` }) },
  { name: 'GET /api/material/mainMaterialImage?sku=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/mainMaterialImage?sku=${encodeURIComponent(p.sku)}` }) },
  { name: 'GET /api/material/mainMaterialImage?sku= (beside a visible sku)', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/mainMaterialImage?sku=${encodeURIComponent(visible.sku)},${encodeURIComponent(p.sku)}` }) },
  { name: 'GET /api/material/searchHits?ids=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/searchHits?ids=${p.id}` }) },
  { name: 'GET /api/material/searchHits?ids= (beside a visible id)', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/searchHits?searchKey=a&ids=${visible.id},${p.id}` }) },
  {
    name: 'POST /api/basket items[].sku (order)',
    surface: 'api',
    request: (p) => json('POST', '/api/basket', { items: [{ _id: p.id, sku: p.sku, orderType: 'order', quantity: 1 }] }),
    readsAfter: ['/api/basket'],
  },
  {
    name: 'POST /api/basket items[].sku (pre-order)',
    surface: 'api',
    request: (p) => json('POST', '/api/basket', { items: [{ _id: p.id, sku: p.sku, orderType: 'preOrder', quantities: [1] }] }),
    readsAfter: ['/api/basket'],
  },
  {
    name: 'POST /api/basket items[]._id (with a visible sku)',
    surface: 'api',
    request: (p) => json('POST', '/api/basket', { items: [{ _id: p.id, sku: visible.sku, orderType: 'order', quantity: 1 }] }),
    readsAfter: ['/api/basket'],
  },
  { name: 'POST /api/wishlist items[]._id', surface: 'api', request: (p) => json('POST', '/api/wishlist', { items: [{ _id: p.id }] }), readsAfter: ['/api/wishlist'] },
  { name: 'POST /api/wishlist items[]._id (beside a visible id)', surface: 'api', request: (p) => json('POST', '/api/wishlist', { items: [{ _id: visible.id }, { _id: p.id }] }), readsAfter: ['/api/wishlist'] },
  { name: 'POST /api/alarm domainId', surface: 'api', request: (p) => json('POST', '/api/alarm', { name: 'Alarm', domainId: p.id, domainReference: p.sku }), readsAfter: ['/api/alarm'] },
  {
    name: 'POST /api/alarm domainReference (sku of another product)',
    surface: 'api',
    request: (p) => json('POST', '/api/alarm', { name: 'Alarm', domainId: visible.id, domainReference: p.sku }),
    readsAfter: ['/api/alarm'],
  },
  { name: 'GET /api/material/:id/reviews', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/${p.id}/reviews` }) },
  { name: 'GET /api/material/:id/documents', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/${p.id}/documents` }) },
  { name: 'GET /api/material/:id/documents?sku= (sku of another product)', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/${visible.id}/documents?sku=${encodeURIComponent(p.sku)}` }) },
  { name: 'POST /api/review productId', surface: 'api', request: (p) => json('POST', '/api/review', { productId: p.id, rating: 4, title: 'Gut', text: 'Sehr gut.' }) },
  { name: 'GET /product/:verboseProduct', surface: 'page', request: (p) => ({ method: 'GET', url: `/product/${p.id}-x` }) },
  { name: 'GET /product/:verboseProduct?sku= (sku of another product)', surface: 'page', request: (p) => ({ method: 'GET', url: `/product/${visible.id}?sku=${encodeURIComponent(p.sku)}` }) },
];

const categoryEndpoints: Endpoint[] = [
  { name: 'GET /api/material?category=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material?category=${p.categoryId}` }) },
  { name: 'GET /api/material/listMaterialWithVariants?category=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/listMaterialWithVariants?category=${p.categoryId}` }) },
  { name: 'GET /api/material/getFilterableAttributes?category=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/material/getFilterableAttributes?category=${p.categoryId}` }) },
  { name: 'GET /api/orderSheet/template?category=', surface: 'api', request: (p) => ({ method: 'GET', url: `/api/orderSheet/template?scope=category&type=order&category=${p.categoryId}` }) },
  { name: 'GET /category/:verboseCategory', surface: 'page', request: (p) => ({ method: 'GET', url: `/category/x-${p.categoryId}` }) },
];

/**
 * The answer with the probe's own id, sku and category taken out where its request named them (and the
 * other request did not), so a hidden and an unknown probe compare equal.
 */
function normalised(answer: Answer, probe: Probe, request: SentRequest, other: SentRequest): string {
  const text = (r: SentRequest) => `${r.url} ${String(r.body ?? '')}`;
  let body = answer.body;
  for (const [value, placeholder] of [
    [probe.sku, '<sku>'],
    [String(probe.id), '<id>'],
    [String(probe.categoryId), '<category>'],
  ] as const) {
    const token = new RegExp(`(?<![\\w-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
    if (token.test(text(request)) && !new RegExp(token.source).test(text(other))) body = body.replace(token, placeholder);
  }
  return body;
}

/** Anything of the hidden product in a text: its names and, unless the request named it, its sku. */
function traces(text: string, product: HiddenProduct, request: SentRequest): string[] {
  const found: string[] = [];
  for (const name of [product.name, `${product.name} EN`, `${product.name} Marke`]) if (text.includes(name)) found.push(`name “${name}”`);
  const named = request.url.includes(encodeURIComponent(product.sku)) || String(request.body ?? '').includes(product.sku);
  if (!named && text.includes(product.sku)) found.push(`sku ${product.sku}`);
  if (text.includes(`/media/hidden/${product.sku}`)) found.push('image');
  return found;
}

const unknownProbe: Probe = { id: unknown.id, sku: unknown.sku, categoryId: unknown.categoryId };

/** Puts the viewer's basket and wishlist back to the one visible product, so every probe starts alike. */
async function resetRecords(role: Role): Promise<void> {
  if (role === 'guest') return;
  const headers = await shop.authHeaders(role, 'api');
  await shop.app.inject({ method: 'POST', url: '/api/basket', headers, payload: { items: [{ _id: visible.id, sku: visible.sku, orderType: 'order', quantity: 1 }] } });
  await shop.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { items: [{ _id: visible.id }] } });
}

async function compare(role: Role, endpoint: Endpoint, hidden: Probe, product: HiddenProduct | null, what: string): Promise<void> {
  await resetRecords(role);
  const reference = await signed(shop, endpoint.request(unknownProbe), role, endpoint.surface);
  const referenceAnswer = await sendChecked(context, `unknown id as ${role}`, reference, endpoint.surface);
  await resetRecords(role);
  const request = await signed(shop, endpoint.request(hidden), role, endpoint.surface);
  const answer = await sendChecked(context, `${what} as ${role}`, request, endpoint.surface);
  const where = `[${what} as ${role}] ${describeRequest(request)} → ${describeAnswer(answer)}`;
  if (answer.status !== referenceAnswer.status) {
    context.log.note(`answers unlike an unknown id: status ${answer.status}, unknown id ${referenceAnswer.status} (${describeAnswer(referenceAnswer)}) ⟵ ${where}`);
  } else if (endpoint.surface === 'api' && normalised(answer, hidden, request, reference) !== normalised(referenceAnswer, unknownProbe, reference, request)) {
    context.log.note(`answers unlike an unknown id: body differs from ${describeAnswer(referenceAnswer)} ⟵ ${where}`);
  }
  if (product) {
    const found = traces(answer.body, product, request);
    if (found.length) context.log.note(`hidden product in the answer: ${found.join(', ')} ⟵ ${where}`);
    for (const url of endpoint.readsAfter ?? []) {
      const read = await shop.send({ method: 'GET', url, headers: await shop.authHeaders(role, 'api') });
      const later = traces(read.body, product, { method: 'GET', url });
      if (later.length || read.body.includes(`"_id":${product.id}`)) {
        context.log.note(`hidden product stored and shown: GET ${url} → ${describeAnswer(read)} (${later.join(', ') || `_id ${product.id}`}) ⟵ ${where}`);
      }
    }
  }
}

describe.each(viewers)('as %s', (role) => {
  const hiddenProducts = fixtures.hidden.filter((product) => product.hiddenFor.includes(role));
  const hiddenCategories = fixtures.hiddenCategories.filter((category) => category.hiddenFor.includes(role));

  for (const endpoint of productEndpoints) {
    it(`${endpoint.name}: hidden products answer like unknown ones`, async () => {
      const before = context.log.lines.length;
      for (const product of hiddenProducts) await compare(role, endpoint, product, product, `${product.kind} product`);
      await resetRecords(role);
      expect(context.log.lines.slice(before)).toEqual([]);
    });
  }

  for (const endpoint of categoryEndpoints) {
    it(`${endpoint.name}: hidden categories answer like unknown ones`, async () => {
      const before = context.log.lines.length;
      for (const category of hiddenCategories) {
        const product = fixtures.hidden.find((p) => p.categoryId === category.id) ?? null;
        await compare(role, endpoint, { id: unknown.id, sku: unknown.sku, categoryId: category.id }, product, `${category.kind} category`);
      }
      expect(context.log.lines.slice(before)).toEqual([]);
    });
  }

  it('the search finds no hidden product (API and page)', async () => {
    const before = context.log.lines.length;
    for (const product of hiddenProducts) {
      for (const [surface, key, url] of [
        ['api', product.name, `/api/material/search?searchKey=${encodeURIComponent(product.name)}`],
        ['api', product.sku, `/api/material/search?searchKey=${encodeURIComponent(product.sku)}`],
        ['page', product.name, `/search?key=${encodeURIComponent(product.name)}`],
      ] as const) {
        const request = await signed(shop, { method: 'GET', url }, role, surface);
        const answer = await sendChecked(context, `${product.kind} product search as ${role}`, request, surface);
        // The answer may repeat the search key (title, search field); anything else of the product is a result.
        const found = traces(answer.body.replaceAll(key, ''), product, request);
        if (answer.body.includes(`"_id":${product.id},`) || answer.body.includes(`/product/${product.id}?`)) found.push(`id ${product.id}`);
        if (found.length) context.log.note(`hidden product found by search: ${found.join(', ')} ⟵ ${describeRequest(request)} → ${describeAnswer(answer)}`);
      }
    }
    expect(context.log.lines.slice(before)).toEqual([]);
  });

  const foreign = fixtures.foreignRecords.filter((record) => record.owner !== role);
  it('other users’ and companies’ baskets, wishlists, alarms, notifications and user ids answer like unknown ones', async () => {
    if (role === 'guest') return;
    const before = context.log.lines.length;
    type ForeignRecord = (typeof foreign)[number];
    const recordEndpoints: [string, (record: ForeignRecord) => number, (id: number) => SentRequest][] = [
      ['POST /api/basket _id', (record) => record.basketId, (id) => json('POST', '/api/basket', { _id: id, items: [] })],
      ['POST /api/wishlist _id', (record) => record.wishlistId, (id) => json('POST', '/api/wishlist', { _id: id, items: [] })],
      ['DELETE /api/alarm ids', (record) => record.alarmId, (id) => json('DELETE', '/api/alarm', { ids: [id] })],
      ['POST /api/notification/setViewed ids', (record) => record.notificationId, (id) => json('POST', '/api/notification/setViewed', { ids: [id] })],
      ['DELETE /api/notification ids', (record) => record.notificationId, (id) => json('DELETE', '/api/notification', { ids: [id] })],
    ];
    const userEndpoints: [string, (id: number) => SentRequest][] = [
      ['POST /api/basket userId', (id) => json('POST', '/api/basket', { userId: id, items: [] })],
      ['POST /api/wishlist userId', (id) => json('POST', '/api/wishlist', { userId: id, items: [] })],
      ['POST /api/basket userId as text', (id) => json('POST', '/api/basket', { userId: String(id), items: [] })],
    ];
    for (const record of foreign) {
      const cases: [string, SentRequest, SentRequest][] = [
        ...recordEndpoints.map(([name, idOf, make]) => [`${name}: record of ${record.owner}`, make(idOf(record)), make(unknown.recordId)] as [string, SentRequest, SentRequest]),
        ...userEndpoints.map(([name, make]) => [`${name}: ${record.owner}`, make(record.userId), make(unknown.userId)] as [string, SentRequest, SentRequest]),
      ];
      for (const [name, hiddenRequest, unknownRequest] of cases) {
        const reference = await sendChecked(context, `unknown record as ${role}`, await signed(shop, unknownRequest, role, 'api'), 'api');
        const request = await signed(shop, hiddenRequest, role, 'api');
        const answer = await sendChecked(context, `${name} as ${role}`, request, 'api');
        if (answer.status !== reference.status || answer.body !== reference.body) {
          context.log.note(`foreign record answers unlike an unknown one: ${describeAnswer(answer)} vs unknown ${describeAnswer(reference)} ⟵ [${name} as ${role}] ${describeRequest(request)}`);
        }
      }
    }
    await resetRecords(role);
    expect(context.log.lines.slice(before)).toEqual([]);
  });

  it('other companies’ and tenants’ orders answer like unknown ones', async () => {
    if (role === 'guest') return;
    const before = context.log.lines.length;
    const orderEndpoints: [string, (id: number) => SentRequest][] = [
      ['GET /api/order/:id', (id) => ({ method: 'GET', url: `/api/order/${id}` })],
      ['POST /api/order/:id/reorder', (id) => json('POST', `/api/order/${id}/reorder`, {})],
      ['POST /api/order/:id/reorder (one line)', (id) => json('POST', `/api/order/${id}/reorder`, { lines: [0] })],
    ];
    for (const order of fixtures.orders.filter((candidate) => !candidate.visibleTo.includes(role))) {
      for (const [name, make] of orderEndpoints) {
        const reference = await sendChecked(context, `unknown order as ${role}`, await signed(shop, make(unknown.recordId), role, 'api'), 'api');
        const request = await signed(shop, make(order.id), role, 'api');
        const answer = await sendChecked(context, `${name}: order of ${order.owner} as ${role}`, request, 'api');
        if (answer.status !== reference.status || answer.body !== reference.body || answer.body.includes('HOSTILE-') || answer.body.includes('Geheimartikel')) {
          context.log.note(`foreign order answers unlike an unknown one: ${describeAnswer(answer)} vs unknown ${describeAnswer(reference)} ⟵ [${name}: order of ${order.owner} as ${role}] ${describeRequest(request)}`);
        }
      }
      const list = await sendChecked(context, `order list as ${role}`, await signed(shop, { method: 'GET', url: '/api/order?search=hostile-&pageSize=100' }, role, 'api'), 'api');
      if (list.body.includes(`"_id":${order.id},`)) context.log.note(`foreign order listed: order of ${order.owner} in GET /api/order as ${role}`);
    }
    // The comparison above means something only if the role does see its own company's order.
    for (const order of fixtures.orders.filter((candidate) => candidate.visibleTo.includes(role))) {
      const answer = await sendChecked(context, `own order as ${role}`, await signed(shop, { method: 'GET', url: `/api/order/${order.id}` }, role, 'api'), 'api');
      if (answer.status !== 200) context.log.note(`own order not shown: order of ${order.owner} as ${role} → ${describeAnswer(answer)}`);
    }
    expect(context.log.lines.slice(before)).toEqual([]);
  });

  it('another tenant’s company answers the sales person’s switch like an unknown one', async () => {
    if (role !== 'sales') return;
    const before = context.log.lines.length;
    const foreign = await shop.db.selectFrom('companies').select('id').where('customer_no', '=', '90001').executeTakeFirstOrThrow();
    const make = (id: number) => json('POST', '/api/user/switchCustomerOfSalesPerson', { customerId: id });
    const reference = await sendChecked(context, `unknown company as ${role}`, await signed(shop, make(unknown.recordId), role, 'api'), 'api');
    const request = await signed(shop, make(foreign.id), role, 'api');
    const answer = await sendChecked(context, `switch to another tenant’s company as ${role}`, request, 'api');
    if (answer.status !== reference.status || answer.body !== reference.body) {
      context.log.note(`foreign company answers unlike an unknown one: ${describeAnswer(answer)} vs unknown ${describeAnswer(reference)} ⟵ ${describeRequest(request)}`);
    }
    expect(context.log.lines.slice(before)).toEqual([]);
  });
});
