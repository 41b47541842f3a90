import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';

// Malformed requests are refused before any route runs, in the shop's error format: no 500,
// no Fastify error code, no echo of the path.

let shop: TestShop;
let auth: string;
beforeAll(async () => {
  shop = await startTestShop();
  auth = await shop.login('customer');
});
afterAll(() => shop.close());

function expectShopError(response: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, messageKey: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ statusCode: status, messageKey });
  expect(typeof body.message).toBe('string');
  expect(response.body).not.toMatch(/FST_|ERR_|%ZZ|%zz|Route GET/);
}

describe('request normalisation', () => {
  it.each(['/media/%ZZ', '/api/material/%zz', '/api/material/%C3%28', '/category/%ZZ', '/api/material/search?searchKey=x&%ZZ'])(
    'answers bad percent-encoding in %s with the shop’s 400',
    async (url) => {
      const response = await shop.app.inject({ url, headers: { authorization: auth } });
      if (url.includes('?')) expect(response.statusCode).toBeLessThan(500);
      else expectShopError(response, 400, 'error.bad_url');
    },
  );

  it('translates errors raised before the request context exists', async () => {
    const response = await shop.app.inject({ url: '/api/material/%zz', headers: { 'accept-language': 'en' } });
    expect(response.json().message).toBe('The address is not valid.');
  });

  // A port past 65535 or a malformed IPv6 address cannot be an address: `new URL` (the pages' request URL) throws on it.
  it.each(['exa mple', 'a/b', 'a@b', 'x'.repeat(300), '127.0.0.1:99999', 'shop.example:65536', '[::1]:70000', '[1::2::3]'])('refuses the Host header %j', async (host) => {
    const response = await shop.app.inject({ url: '/api/configuration', headers: { host, authorization: auth } });
    expectShopError(response, 400, 'error.bad_host');
  });

  it.each(['shop.example', 'shop.example:8443', '127.0.0.1:3000', '[::1]:3000', 'localhost', 'shop.example:65535'])('accepts the Host header %j', async (host) => {
    const response = await shop.app.inject({ url: '/api/configuration', headers: { host, authorization: auth } });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    '/api/material/search?searchKey=ab%00cd',
    '/api/material/search?searchKey=ab%1Fcd',
    '/api/material/search?searchKey=abc&searchKey=d%00',
    '/api/material/mainMaterialImage?sku=%00',
    '/api/material/12%00',
  ])('refuses control characters in %s', async (url) => {
    const response = await shop.app.inject({ url, headers: { authorization: auth } });
    expect(response.statusCode).toBe(400);
    expect(['validation.control_characters', 'error.bad_url']).toContain(response.json().messageKey);
  });

  it('refuses control characters in JSON bodies, keys included, and keeps line breaks of multi-line text', async () => {
    for (const payload of [{ items: [{ _id: 1, sku: 'A\u0000', orderType: 'order', quantity: 1 }] }, { items: [], ['x\u0000']: 1 }]) {
      const response = await shop.app.inject({ method: 'POST', url: '/api/basket', payload, headers: { authorization: auth } });
      expectShopError(response, 400, 'validation.control_characters');
    }
    const login = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'line\nbreak', password: 'x', tenant: 'demo' } });
    expect(login.statusCode).toBe(401);
  });

  it('refuses JSON nested deeper than the shop ever sends, without a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const response = await shop.app.inject({ method: 'POST', url: '/api/wishlist', payload: deep, headers: { authorization: auth, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(['validation.too_deep', 'error.invalid_json']).toContain(response.json().messageKey);
    const nested = JSON.stringify({ items: [{ _id: 1, a: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) }] });
    const answer = await shop.app.inject({ method: 'POST', url: '/api/wishlist', payload: nested, headers: { authorization: auth, 'content-type': 'application/json' } });
    expectShopError(answer, 400, 'validation.too_deep');
  });

  it('answers paths no route serves with the shop’s 404, not Fastify’s', async () => {
    for (const url of ['/media/no-such-file.jpg', '/no-such-page']) {
      expectShopError(await shop.app.inject({ url }), 404, 'error.route_not_found');
    }
  });

  it('serves the health checks on their exact paths only, with no tenant needed', async () => {
    expect((await shop.app.inject({ url: '/healthz', headers: { host: 'unmapped.example' } })).json()).toEqual({ status: 'ok' });
    for (const url of ['/healthzx', '/healthz/x', '/readyzz']) expect((await shop.app.inject({ url })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: '/healthz' })).statusCode).toBe(404);
  });

  it('sends a path beginning with // to its single-slash form on this host', async () => {
    const response = await shop.app.inject({ url: '//example.com/x?a=1' });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/example.com/x?a=1');
    for (const url of ['///\\example.com', '//\\example.com', '//%5Cexample.com']) {
      const location = String((await shop.app.inject({ url })).headers.location);
      expect(new URL(location, 'https://shop.example').origin).toBe('https://shop.example');
    }
    expect((await shop.app.inject({ method: 'POST', url: '//example.com/x' })).statusCode).toBe(404);
  });
});
