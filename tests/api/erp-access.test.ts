import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/app.ts';
import { maxRequestsInFlight } from '../../server/modules/erp/in-flight-limit.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Who may call the ERP API (/erp/v1): API clients of a tenant, each with its scopes; a key is its secret.

let shop: TestShop;
let tenantId: number;

async function newClient(scopes: Parameters<TestShop['services']['apiClients']['create']>[0]['scopes'] = ['catalog:write'], expiresAt: string | null = null) {
  return shop.services.apiClients.create({ tenantId, name: `ERP ${Math.random()}`, scopes, expiresAt });
}

function erp(secret: string | null, url = '/erp/v1/client', init: { method?: 'GET' | 'PUT' | 'POST'; headers?: Record<string, string> } = {}) {
  return shop.app.inject({ method: init.method ?? 'GET', url, headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...init.headers } });
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

describe('an API client', () => {
  it('is known by its key: who it is, its tenant and scopes; the secret is stored only as a hash', async () => {
    const { client, secret } = await newClient(['stock:write', 'catalog:write']);
    const answer = await erp(secret);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: client.id, name: client.name, tenant: 'demo', scopes: ['catalog:write', 'stock:write'] });
    const row = await shop.db.selectFrom('api_clients').selectAll().where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.last_used_at).not.toBeNull();
  });

  it('is refused alike without a key, with a malformed, unknown, revoked or expired one: 401 api.key.invalid', async () => {
    const revoked = await newClient();
    await shop.services.apiClients.revoke(tenantId, revoked.client.id);
    const expired = await newClient(['catalog:write'], new Date(shop.clock.now().getTime() - 1000).toISOString());
    const answers = [
      await erp(null),
      await erp('not-a-key'),
      await erp(`erp_${'A'.repeat(43)}`),
      await erp(revoked.secret),
      await erp(expired.secret),
      await erp(null, '/erp/v1/client', { headers: { authorization: `Basic ${revoked.secret}` } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ messageKey: 'api.key.invalid' });
      expect(answer.body).toBe(answers[0]!.body);
    }
  });

  it('never works with a storefront session, and its key never works on the storefront API', async () => {
    const session = await shop.login('admin');
    const asSession = await shop.app.inject({ url: '/erp/v1/client', headers: { authorization: session } });
    expect(asSession.statusCode).toBe(401);
    const token = session.replace(/^Basic /, '');
    expect((await shop.app.inject({ url: '/erp/v1/client', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/erp/v1/client', cookies: { token } })).statusCode).toBe(401);

    const { secret } = await newClient(['orders:read']);
    for (const url of ['/api/basket', '/api/user/currentUser']) {
      const answer = await shop.app.inject({ url, headers: { authorization: `Bearer ${secret}` } });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('keeps its old secret 24 hours after a rotation, then only the new one works', async () => {
    const { client, secret: old } = await newClient();
    const { secret: rotated, previousSecretExpiresAt } = await shop.services.apiClients.rotate(tenantId, client.id);
    expect(Date.parse(previousSecretExpiresAt) - shop.clock.now().getTime()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await erp(old)).statusCode).toBe(200);
    expect((await erp(rotated)).statusCode).toBe(200);
    shop.clock.advance(24 * 3_600_000 + 1000);
    expect((await erp(old)).statusCode).toBe(401);
    expect((await erp(rotated)).statusCode).toBe(200);
    await shop.services.apiClients.revoke(tenantId, client.id);
    expect((await erp(rotated)).statusCode).toBe(401);
  });

  it('has the clients of its own tenant only: another tenant’s id is unknown', async () => {
    const { client } = await newClient();
    await expect(shop.services.apiClients.revoke(tenantId + 1000, client.id)).rejects.toMatchObject({ messageKey: 'api.client.not_found' });
    await expect(shop.services.apiClients.rotate(tenantId + 1000, client.id)).rejects.toMatchObject({ messageKey: 'api.client.not_found' });
    expect((await shop.services.apiClients.list(tenantId + 1000)).map((listed) => listed.id)).not.toContain(client.id);
  });

  it('answers a path no route has with 404 once the key is known, and 401 before', async () => {
    const { secret } = await newClient();
    expect((await erp(null, '/erp/v1/nothing-here')).statusCode).toBe(401);
    const answer = await erp(secret, '/erp/v1/nothing-here');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ messageKey: 'error.route_not_found' });
  });
});

describe('requests in flight', () => {
  it(`lets ${maxRequestsInFlight} requests of one client in at a time and answers one more 429 with Retry-After, at once`, async () => {
    const { secret } = await newClient();
    const other = await newClient();
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // Requests whose body never comes stay in flight: the limit counts them in before the body is read.
    const held = await Promise.all(
      Array.from({ length: maxRequestsInFlight }, async () => {
        const socket = net.connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(`PUT /erp/v1/held HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${secret}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`);
        return socket;
      }),
    );
    try {
      // Until all are counted in, one more may still get through: ask until the limit answers.
      let refused: Response | undefined;
      for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
        const answer = await fetch(`${address}/erp/v1/client`, { headers: { authorization: `Bearer ${secret}` } });
        if (answer.status === 429) refused = answer;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get('retry-after')).toBe('1');
      expect(await refused?.json()).toMatchObject({ messageKey: 'api.too_many_in_flight' });
      // Another client is not held up.
      expect((await fetch(`${address}/erp/v1/client`, { headers: { authorization: `Bearer ${other.secret}` } })).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once the held requests are gone, the client is let in again.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = (await fetch(`${address}/erp/v1/client`, { headers: { authorization: `Bearer ${secret}` } })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('is served without a key, is the checked-in docs/erp-openapi.json, and documents only /erp/v1', async () => {
    const answer = await erp(null, '/erp/v1/openapi.json');
    expect(answer.statusCode).toBe(200);
    const served = answer.json();
    const checkedIn = JSON.parse(fs.readFileSync(path.join(rootDir, 'docs/erp-openapi.json'), 'utf8'));
    // A difference means an /erp/v1 route changed: run `npm run erp:openapi` and commit the document with it.
    expect(served).toEqual(checkedIn);
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths).every((route: string) => route.startsWith('/erp/v1/'))).toBe(true);
  });

  it('is shown at /erp/docs from the shop itself', async () => {
    const page = await shop.app.inject({ url: '/erp/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });
});
