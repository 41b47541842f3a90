import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxRecordId } from '../../core/record-id.ts';
import { callApi, startTestShop, type ApiRequest, type DemoAccount, type TestShop } from './helper.ts';

// The input primitives at the API's edges (core/record-id.ts, core/list-page.ts): a value that is no record
// id in a URL answers exactly like an id no record has; in a body it is a 400 naming the field; every list
// refuses a page or page size outside the one paging rule alike.

let shop: TestShop;
const auths = new Map<DemoAccount, string>();
let productId: number;

const call = (account: DemoAccount, ...request: ApiRequest) => callApi(shop, auths.get(account), ...request);

beforeAll(async () => {
  shop = await startTestShop();
  for (const account of ['customer', 'customeradmin', 'sales'] as const) auths.set(account, await shop.login(account));
  const product = await shop.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  productId = product.id;
});
afterAll(() => shop.close());

/** Past the databases' integer, zero, signed, an exponent, a leading zero, 2^53 and more that is no id. */
const edgeIdsInUrls = [String(maxRecordId + 1), '0', '-1', '1e3', '007', String(2 ** 53), '99999999999', '1.5', 'abc', '0x10', '%207'];

describe('an id in a URL that is no record id answers like an unknown one', () => {
  const routes: { name: string; account: DemoAccount; request: (id: string) => ApiRequest }[] = [
    { name: 'GET /api/order/{id}', account: 'customer', request: (id) => ['GET', `/api/order/${id}`] },
    { name: 'POST /api/order/{id}/reorder', account: 'customer', request: (id) => ['POST', `/api/order/${id}/reorder`, {}] },
    { name: 'GET /api/order/{id}/document', account: 'customer', request: (id) => ['GET', `/api/order/${id}/document`] },
    { name: 'GET /api/account/document/{id}', account: 'customeradmin', request: (id) => ['GET', `/api/account/document/${id}`] },
    { name: 'DELETE /api/address/{id}', account: 'customer', request: (id) => ['DELETE', `/api/address/${id}`] },
    { name: 'GET /api/material/{id}', account: 'customer', request: (id) => ['GET', `/api/material/${id}`] },
    { name: 'GET /api/material/{id}/documents', account: 'customer', request: (id) => ['GET', `/api/material/${id}/documents`] },
    { name: 'GET /api/product-document/{id}', account: 'customer', request: (id) => ['GET', `/api/product-document/${id}`] },
    { name: 'GET /api/material?category=', account: 'customer', request: (id) => ['GET', `/api/material?category=${id}`] },
    { name: 'GET /api/material/getFilterableAttributes?category=', account: 'customer', request: (id) => ['GET', `/api/material/getFilterableAttributes?category=${id}`] },
  ];

  it.each(routes)('$name', async ({ account, request }) => {
    // The largest id is a valid one that no record has.
    const unknown = await call(account, ...request(String(maxRecordId)));
    expect(unknown.statusCode, unknown.raw).toBe(404);
    for (const id of edgeIdsInUrls) {
      const answer = await call(account, ...request(id));
      expect([answer.statusCode, answer.body], id).toEqual([unknown.statusCode, unknown.body]);
    }
  });
});

/** JSON values that are no record id. */
const edgeIdsInBodies: unknown[] = [maxRecordId + 1, 0, -1, 1.5, '1e3', '007', 2 ** 53, '', 'abc', true, [1], { id: 1 }];

describe('an id in a body that is no record id is a 400 naming the field', () => {
  const idempotencyKey = { 'idempotency-key': 'input-primitives-test-key' };
  const bodies: { name: string; account: DemoAccount; field: string; request: (id: unknown) => ApiRequest }[] = [
    { name: 'POST /api/wishlist items[]._id', account: 'customer', field: 'items.0._id', request: (id) => ['POST', '/api/wishlist', { items: [{ _id: id }] }] },
    { name: 'POST /api/wishlist _id', account: 'customer', field: '_id', request: (id) => ['POST', '/api/wishlist', { _id: id, items: [] }] },
    { name: 'POST /api/basket userId', account: 'customer', field: 'userId', request: (id) => ['POST', '/api/basket', { userId: id, items: [] }] },
    {
      name: 'POST /api/basket items[]._id',
      account: 'customer',
      field: 'items.0._id',
      request: (id) => ['POST', '/api/basket', { items: [{ _id: id, sku: 'x', orderType: 'order', quantity: 1 }] }],
    },
    { name: 'POST /api/user/inviteCompanyUser _id', account: 'customeradmin', field: '_id', request: (id) => ['POST', '/api/user/inviteCompanyUser', { _id: id }] },
    { name: 'POST /api/user/switchCustomerOfSalesPerson customerId', account: 'sales', field: 'customerId', request: (id) => ['POST', '/api/user/switchCustomerOfSalesPerson', { customerId: id }] },
    { name: 'POST /api/payment/retry orderId', account: 'customer', field: 'orderId', request: (id) => ['POST', '/api/payment/retry', { orderId: id }] },
    {
      name: 'POST /api/order/create shippingAddressId',
      account: 'customer',
      field: 'shippingAddressId',
      request: (id) => ['POST', '/api/order/create', { orderType: 'order', shippingAddressId: id, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true }, idempotencyKey],
    },
  ];

  it.each(bodies)('$name', async ({ account, field, request }) => {
    for (const id of edgeIdsInBodies) {
      const answer = await call(account, ...request(id));
      expect([answer.statusCode, answer.body?.messageKey, answer.body?.field], JSON.stringify(id)).toEqual([400, 'validation.invalid', field]);
    }
  });

  it('takes an id as a JSON number or as its digits', async () => {
    for (const id of [productId, String(productId)]) {
      const saved = await call('customer', 'POST', '/api/wishlist', { items: [{ _id: id }] });
      expect(saved.statusCode, saved.raw).toBe(200);
      const wishlist = await call('customer', 'GET', '/api/wishlist');
      expect(wishlist.body.items.map((item: { _id: number }) => item._id), JSON.stringify(id)).toEqual([productId]);
    }
  });
});

describe('every list pages alike', () => {
  const lists: { name: string; account: DemoAccount; url: string }[] = [
    { name: 'GET /api/material', account: 'customer', url: '/api/material' },
    { name: 'GET /api/material/search', account: 'customer', url: '/api/material/search?searchKey=schraube' },
    { name: 'GET /api/order', account: 'customer', url: '/api/order' },
    { name: 'GET /api/account/list', account: 'customeradmin', url: '/api/account/list' },
    { name: 'GET /api/user/companyActivity', account: 'customeradmin', url: '/api/user/companyActivity' },
  ];
  const join = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

  it.each(lists)('$name', async ({ account, url }) => {
    for (const page of ['0', '-1', '1e3', '007', '1.5', 'abc', '10001', String(2 ** 53)]) {
      const answer = await call(account, 'GET', join(url, `page=${page}`));
      expect([answer.statusCode, answer.body?.messageKey, answer.body?.field], `page=${page}`).toEqual([400, 'validation.invalid', 'page']);
    }
    for (const pageSize of ['0', '-1', '1e1', '010', '1.5', 'abc']) {
      const answer = await call(account, 'GET', join(url, `pageSize=${pageSize}`));
      expect([answer.statusCode, answer.body?.messageKey, answer.body?.field], `pageSize=${pageSize}`).toEqual([400, 'validation.invalid', 'pageSize']);
    }
    const tooLarge = await call(account, 'GET', join(url, 'pageSize=101'));
    expect([tooLarge.statusCode, tooLarge.body?.messageKey, tooLarge.body?.field]).toEqual([400, 'validation.page_size_too_large', 'pageSize']);
    const largest = await call(account, 'GET', join(url, 'page=1&pageSize=100'));
    expect(largest.statusCode, largest.raw).toBe(200);
    expect(largest.body.meta).toMatchObject({ page: 1, pageSize: 100 });
  });
});
