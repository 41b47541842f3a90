import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('the API’s edges', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await shop.app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ statusCode: 404, messageKey: 'error.route_not_found' });
  });

  it('answers an unknown method on a known path with a JSON 404', async () => {
    const response = await shop.app.inject({ method: 'DELETE', url: '/api/configuration' });
    expect(response.statusCode).toBe(404);
    expect(response.json().messageKey).toBe('error.route_not_found');
  });

  it('hides internal errors and never sends a stack trace', async () => {
    await shop.db.updateTable('site_settings').set({ settings: '{not json' }).execute();
    shop.services.settings.clearCache();
    const response = await shop.app.inject({ url: '/api/configuration', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'internal', messageKey: 'error.unknown', message: 'An unknown error occurred' });
    expect(response.body).not.toMatch(/SyntaxError|at .*\.ts|JSON/);
  });

  it('refuses an oversized body', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x', password: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().messageKey).toBe('error.payload_too_large');
  });

  it('refuses an unsupported content type', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: 'username=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().messageKey).toBe('error.unsupported_media_type');
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await shop.app.inject({ url: '/api/login/welcome' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('reports liveness and readiness', async () => {
    expect((await shop.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await shop.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('keeps an incoming request id and makes one otherwise', async () => {
    const kept = await shop.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const made = await shop.app.inject({ url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
