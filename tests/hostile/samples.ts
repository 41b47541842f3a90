import type { Fixtures } from './fixtures.ts';
import type { PageRoute, ServerRoute } from './routes.ts';
import type { Surface } from './shop.ts';

// A plain, valid request per route, the starting point the generators bend out of shape. A route
// without an entry here is still attacked: with its parameters set to generic values, no query and an
// empty body. Entries only make the attack reach deeper (past validation into the services).

export type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: [string, string][] };

export interface BaseInput {
  /** Parameter values, not yet encoded (`*` for a wildcard). */
  params: Record<string, string>;
  /** Query pairs, not yet encoded. */
  query: [string, string][];
  body?: Body;
}

export interface AttackTarget {
  surface: Surface;
  method: string;
  /** The route as registered (Fastify syntax for the API, React Router syntax for pages). */
  pattern: string;
  base: BaseInput;
}

/**
 * A download link's token as the shop writes them (file 1, valid until 2100) that nobody signed: the attack
 * on a link reaches the link's own checks (server/modules/product-files/download-links.ts).
 */
const unsignedDownloadToken = (() => {
  const token = Buffer.alloc(40);
  token.writeUInt32BE(1, 0);
  token.writeUInt32BE(4_102_444_800, 4);
  return token.toString('base64url');
})();

/** Generic values for a parameter nobody described: the route is still reached with something. */
function genericParam(name: string, fixtures: Fixtures): string {
  if (/id$/i.test(name)) return String(fixtures.samples.product.id);
  if (name === 'token') return unsignedDownloadToken;
  if (name === '*') return 'no-such-thing';
  return 'x';
}

export function apiBase(route: ServerRoute, method: string, fixtures: Fixtures): BaseInput {
  const { product, category } = fixtures.samples;
  const key = `${method} ${route.url}`;
  const params = Object.fromEntries(route.params.map((name) => [name, name === 'id' ? String(product.id) : genericParam(name, fixtures)]));
  const orderFilters: [string, string][] = [['page', '1'], ['pageSize', '20'], ['search', 'schraube'], ['from', '2024-01-01'], ['to', '2030-12-31'], ['status', '1'], ['orderType', 'order'], ['sort', 'total:desc']];
  const bodies: Record<string, unknown> = {
    'POST /api/login': { username: 'nobody-here', password: 'wrong-password', tenant: 'demo' },
    'POST /api/logout': {},
    'POST /api/user/changeCurrentUserPassword': { currentPassword: 'wrong-password', newPassword: 'short' },
    'POST /api/user/currentUser': { firstName: 'Petra', lastName: 'Muster', email: 'petra.muster@muster-baubedarf.example', phone: '+49 40 1234567', locale: 'de' },
    'POST /api/user/saveCompanyUser': { _id: 1, firstName: 'Nora', lastName: 'Neu', email: 'nora.neu@muster-baubedarf.example', username: 'nora-neu', phone: '+49 40 555', active: true, locked: false, customerAdmin: false },
    'POST /api/user/inviteCompanyUser': { _id: 1 },
    'POST /api/user/sendCompanyUserPasswordReset': { _id: 1 },
    'POST /api/statistics/event': { type: 'page_view', data: { path: '/landing', user_agent: 'hostile-suite' } },
    // Password reset: an address nobody has (404, nothing sent) and a token nobody was given (422, nothing set).
    'POST /api/user/sendResetPasswordEmail': { email: 'hostile-reset@firma.example' },
    'POST /api/user/resetPassword': { token: 'A'.repeat(43), newPassword: 'Hostile-Passwort-2031' },
    'POST /api/user/requestAccount': {
      companyName: 'Küstenbau GmbH',
      vatId: 'DE123456789',
      customerNo: '10077',
      street: 'Deichstraße 7',
      zipCode: '25746',
      city: 'Heide',
      countryCode: 'DE',
      firstName: 'Jana',
      lastName: 'Ørsted',
      email: 'hostile-signup@firma.example',
      phone: '+49 481 123456',
      message: 'Bitte rufen Sie uns an.',
      privacyAccepted: true,
    },
    'POST /api/contact': {
      subject: 'Lieferzeit Serie 4711',
      message: 'Guten Tag,\nbitte rufen Sie uns an.',
      name: 'Jana Ørsted',
      email: 'hostile-contact@firma.example',
      privacyAccepted: true,
    },
    'POST /api/basket': { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] },
    'POST /api/wishlist': { items: [{ _id: product.id }] },
    'POST /api/alarm': { name: 'Schraube', domainId: product.id, domainReference: product.variantSku ?? product.sku, quantity: 3 },
    'DELETE /api/alarm': { ids: [1, 2] },
    'POST /api/review': { productId: product.id, rating: 4, title: 'Solide Qualität', text: 'Gut verarbeitet.\nSchnell geliefert.', name: 'Petra M.', showCompany: true },
    'PUT /api/review/:id': { rating: 3, title: 'Nach einem Jahr', text: 'Hält noch.', name: null, showCompany: false },
    'POST /api/notification/setViewed': { ids: [1, 2] },
    'DELETE /api/notification': { ids: [1, 2] },
    'POST /api/address': { firstName: 'Erika', street: 'Hafenstraße 12', zipCode: '20457', city: 'Hamburg', country: 'DE', phoneNumber: '+49 40 1234' },
    'POST /api/payment/retry': { orderId: 1 },
    'POST /api/payment/payOnAccount': { orderId: 1, paymentMethodId: 1 },
    'POST /api/order/:id/reorder': { lines: [0] },
    // A paste with a known, an unknown and an unreadable line; an import id nobody has for the rest.
    'POST /api/orderSheet/paste': { text: `Artikel\tMenge\n${product.sku}\t2\nNO-SUCH-SKU\t3\n${product.sku}\t2,5`, target: 'order' },
    'POST /api/orderSheet/:importId/rows/:line': { quantity: 2, variantSku: null, sku: product.sku },
    'POST /api/orderSheet/:importId/confirm': { mode: 'add' },
    'PUT /api/address/:id': { firstName: 'Erika', street: 'Hafenstraße 12', zipCode: '20457', city: 'Hamburg', country: { code: 'DE' }, isDefault: true },
    // An id no demo company has: the attack reaches the served-company check.
    'POST /api/user/switchCustomerOfSalesPerson': { customerId: 987654323 },
  };
  const queries: Record<string, [string, string][]> = {
    'GET /api/material': [['category', String(category.id)], ['page', '1'], ['pageSize', '15'], ['stockAvail', '0']],
    'GET /api/material/listMaterialWithVariants': [['category', String(category.id)], ['page', '1'], ['pageSize', '15'], ['attr[Farbe]', 'Rot']],
    'GET /api/material/search': [['searchKey', 'schraube'], ['page', '1'], ['pageSize', '15']],
    'GET /api/material/searchHits': [['searchKey', 'schraube'], ['ids', `${product.id},1`]],
    'GET /api/material/mainMaterialImage': [['sku', product.sku]],
    'GET /api/material/getFilterableAttributes': [['category', String(category.id)]],
    'GET /api/material/:id': [['sku', product.variantSku ?? product.sku]],
    'GET /api/material/:id/reviews': [['page', '1'], ['sort', 'rating']],
    'GET /api/material/:id/documents': [['sku', product.variantSku ?? product.sku]],
    'GET /api/lookup': [['lookupName', 'paymentType']],
    'GET /api/order': orderFilters,
    'GET /api/order/export': [['format', 'xlsx'], ['withLines', '1'], ...orderFilters],
    'GET /api/login/welcome': [['tenant', 'demo']],
    'GET /api/account/list': [['page', '1'], ['pageSize', '20'], ['type', 'invoice'], ['status', 'overdue'], ['from', '2025-01-01'], ['to', '2026-12-31'], ['search', 're-'], ['sort', 'dueDate:asc']],
    'GET /api/account/list/export': [['format', 'xlsx'], ['type', 'credit'], ['status', 'open'], ['from', '2025-01-01'], ['to', '2026-12-31'], ['search', 'gs-'], ['sort', 'amount:desc']],
    'GET /api/user/salesPersonCustomers': [['search', '1000']],
    'GET /api/user/companyActivity': [['page', '1'], ['pageSize', '20']],
    // The personalised order sheet of a category the customer sees: the attack reaches the catalogue's checks.
    'GET /api/orderSheet/template': [['scope', 'category'], ['category', String(category.id)], ['type', 'order']],
  };
  const body = bodies[key] ?? (method === 'GET' || method === 'HEAD' ? undefined : {});
  return { params, query: queries[key] ?? [], ...(body !== undefined ? { body: { kind: 'json', value: body } } : {}) };
}

export function pageBase(page: PageRoute, method: string, fixtures: Fixtures): BaseInput {
  const { product, category, contentSlug } = fixtures.samples;
  const paramValues: Record<string, string> = {
    verboseCategory: category.verbose,
    verboseProduct: `${product.id}-produkt`,
    slug: contentSlug ?? 'impressum',
    '*': 'no-such-page',
  };
  // The order pages get an order the signed-in customer may see, so the attack reaches the order's own checks.
  const customerOrder = fixtures.orders.find((order) => order.visibleTo.includes('customer'));
  if (page.path.startsWith('/my-account/order-history/:id') && customerOrder) paramValues.id = String(customerOrder.id);
  const params = Object.fromEntries(page.params.map(({ name }) => [name, paramValues[name] ?? genericParam(name, fixtures)]));
  const queries: Record<string, [string, string][]> = {
    '/search': [['key', 'schraube'], ['page', '1']],
    '/category/:verboseCategory?': [['page', '1'], ['stockAvail', '1'], ['view', 'grid']],
    '/product/:verboseProduct?': [['sku', product.variantSku ?? product.sku]],
    '/detailed-cart': [['type', 'order']],
    '/logout': [['to', 'auth']],
    '/my-account/order-history': [['search', 'hostile'], ['from', '2024-01-01'], ['to', '2026-12-31'], ['status', '1'], ['orderType', 'order'], ['sort', 'total:desc'], ['page', '1']],
    '/my-account/order-history/export': [['format', 'xlsx'], ['withLines', '1'], ['search', 'hostile'], ['sort', 'orderNumber:asc']],
    '/my-account/invoices': [['search', 're-'], ['type', 'invoice'], ['status', 'overdue'], ['from', '2024-01-01'], ['to', '2026-12-31'], ['sort', 'dueDate:asc'], ['page', '1']],
    '/my-account/invoices/export': [['format', 'csv'], ['type', 'credit'], ['status', 'open']],
    '/order-sheet/corrections': [['import', 'AAAAAAAAAAAAAAAAAAAAAA']],
    '/my-account/customer-accounts': [['search', '1000']],
    '/my-account/users': [['activityPage', '1'], ['edit', '1']],
    '/my-account/addresses': [['edit', '1'], ['delete', '1']],
    '/checkout': [['type', 'order'], ['address', '1']],
    // An order the customer may see, so the attack on `order` reaches the page's own reading of it.
    '/thank-you': [['order', String(customerOrder?.id ?? 1)]],
    '/order-failed': [['order', String(customerOrder?.id ?? 1)]],
    '/reset': [['token', 'A'.repeat(43)]],
    '/order-sheet/template': [['scope', 'category'], ['category', String(category.id)], ['type', 'order']],
  };
  const forms: Record<string, [string, string][]> = {
    '/locale': [['locale', 'en'], ['redirectTo', '/category']],
    '/auth': [['intent', 'login'], ['username', 'nobody-here'], ['password', 'wrong-password']],
    '/signup': [
      ['companyName', 'Küstenbau GmbH'],
      ['vatId', 'DE123456789'],
      ['customerNo', ''],
      ['street', 'Deichstraße 7'],
      ['zipCode', '25746'],
      ['city', 'Heide'],
      ['countryCode', 'DE'],
      ['firstName', 'Jana'],
      ['lastName', 'Ørsted'],
      ['email', 'hostile-signup-page@firma.example'],
      ['phone', '+49 481 123456'],
      ['message', 'Bitte rufen Sie uns an.'],
      ['privacyAccepted', 'on'],
    ],
    '/static/contact-us': [
      ['name', 'Jana Ørsted'],
      ['email', 'hostile-contact-page@firma.example'],
      ['subject', 'Lieferzeit Serie 4711'],
      ['message', 'Guten Tag,\nbitte rufen Sie uns an.'],
      ['privacyAccepted', 'on'],
    ],
    '/logout': [],
    '/forgot-password': [['email', 'hostile-reset-page@firma.example']],
    '/reset': [['token', 'A'.repeat(43)], ['newPassword', 'Hostile-Passwort-2031'], ['newPasswordRepeat', 'Hostile-Passwort-2031']],
    // A change of an alarm's quantity, so the attack reaches the page's own reading of id and quantity.
    '/alarm': [['intent', 'save-alarm'], ['id', '1'], ['quantity', '12']],
    '/my-account': [['intent', 'profile'], ['firstName', 'Petra'], ['lastName', 'Muster'], ['email', 'petra.muster@muster-baubedarf.example'], ['phone', '+49 40 1234567'], ['locale', 'de']],
    '/my-account/order-history/:id': [['intent', 'reorder'], ['line', '0']],
    // A review of the sample product, so the attack reaches the form's own reading of every field.
    '/product/:verboseProduct?': [['intent', 'review'], ['productId', String(product.id)], ['rating', '4'], ['title', 'Gute Qualität'], ['text', 'Passt.\nGerne wieder.'], ['name', 'Jana'], ['showCompany', 'on']],
    '/my-account/customer-accounts': [['customerId', '987654323'], ['search', '1000']],
    '/my-account/addresses': [['intent', 'add'], ['type', '1'], ['firstName', 'Erika'], ['street', 'Hafenstraße 12'], ['zipCode', '20457'], ['city', 'Hamburg'], ['country', 'DE']],
    '/my-account/users': [['intent', 'edit'], ['id', '1'], ['firstName', 'Nora'], ['lastName', 'Neu'], ['username', 'nora-neu'], ['email', 'nora.neu@muster-baubedarf.example'], ['phone', '+49 40 555'], ['active', 'on']],
  };
  const body = method === 'POST' ? { kind: 'form' as const, value: forms[page.path] ?? [] } : undefined;
  // A post to an index route names it (`?index`), or it would reach the layout above it instead.
  const postQuery: [string, string][] = page.index ? [['index', '']] : [];
  return { params, query: method === 'GET' ? (queries[page.path] ?? []) : postQuery, ...(body ? { body } : {}) };
}

/** Other things served: health checks, media files and build files. */
export function otherBase(route: ServerRoute): BaseInput {
  const params: Record<string, string> = route.url.startsWith('/media/') ? { '*': 'logo.svg' } : route.url === '/assets/*' ? { '*': 'no-such-asset.js' } : {};
  return { params, query: [] };
}
