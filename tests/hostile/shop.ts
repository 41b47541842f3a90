import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { rootDir } from '../../server/app.ts';
import { testEngine } from '../setup/test-database.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { demoAccounts, startTestShop, type DemoAccount, type TestShop } from '../api/helper.ts';

// The whole shop (API and pages from the production build) on a private copy of the seeded test
// database, with a signed-in session for each role. The hostile suite and the entitlement table
// both start here.

/** Who sends a request: nobody signed in, or one of the demo accounts (customer2 is another company's customer). */
export const roles = ['none', 'guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'] as const;
export type Role = (typeof roles)[number];

export interface Identity {
  role: Role;
  token: string | null;
  userId: number | null;
}

/** What a request is aimed at: the JSON API (Authorization header) or everything else (cookies). */
export type Surface = 'api' | 'page';

export interface SentRequest {
  method: string;
  /** Path and query exactly as sent (may hold bad percent-encoding). */
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  ms: number;
  /** Set when no answer came within the time limit, or inject itself failed. */
  failure?: string;
  /** A raw connection the server closed without answering (an acceptable answer to garbage). */
  closed?: boolean;
}

export interface HostileShop extends TestShop {
  /** The React Router build the pages are served from. */
  build: ServerBuild;
  /** A live session of the role (a fresh one when a request has signed it out), or none. */
  identity(role: Role): Promise<Identity>;
  /** Headers that sign the role in: `Authorization` for the API, cookies for pages. */
  authHeaders(role: Role, surface: Surface): Promise<Record<string, string>>;
  /** Sends through fastify.inject with a time limit; never throws. */
  send(request: SentRequest, timeoutMs?: number): Promise<Answer>;
}

export const answerTimeoutMs = 5_000;

/** Where a URL lands once dot segments are resolved the way the server resolves them. */
export function surfaceOf(url: string): Surface {
  let path = url;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    // Unparseable: judged as sent.
  }
  return path.startsWith('/api/') || path === '/api' ? 'api' : 'page';
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function loadBuild(): Promise<ServerBuild> {
  const file = path.join(rootDir, 'build/server/index.js');
  if (!fs.existsSync(file)) throw new Error('The hostile-input suite serves the production build: run `npm run build` first.');
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export async function startHostileShop(env: Record<string, string> = {}): Promise<HostileShop> {
  if (testEngine !== 'sqlite') throw new Error('The hostile-input suite runs on SQLite only (TEST_DATABASE=sqlite).');
  const build = await loadBuild();
  // Online payment is configured, so its endpoints (the signed webhook too) are attacked as in production.
  const stripe = await startFakeStripe({ secretKey: 'sk_test_hostile', webhookSecret: 'whsec_hostile' });
  const shop = await startTestShop(
    { LOG_LEVEL: 'silent', STRIPE_SECRET_KEY: 'sk_test_hostile', STRIPE_WEBHOOK_SECRET: 'whsec_hostile', STRIPE_API_BASE: stripe.url, ...env },
    { pages: true },
  );
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();

  // One real sign-in per account (argon2 is slow on purpose); a request that signs a role out gets a
  // new session minted straight into the database, so later requests still run signed in.
  const identities = new Map<Role, Identity>([['none', { role: 'none', token: null, userId: null }]]);
  for (const role of roles) {
    if (role === 'none') continue;
    const response = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { ...demoAccounts[role as DemoAccount], tenant: 'demo' } });
    if (response.statusCode !== 200) throw new Error(`login of ${role} failed: ${response.statusCode} ${response.body}`);
    const { token, userId } = response.json<{ token: string; userId: number }>();
    identities.set(role, { role, token, userId });
  }

  async function identity(role: Role): Promise<Identity> {
    const current = identities.get(role)!;
    if (!current.token || current.userId === null) return current;
    const live = await shop.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(current.token)).executeTakeFirst();
    if (live) return current;
    const token = randomBytes(32).toString('base64url');
    const now = new Date().toISOString();
    await shop.db
      .insertInto('sessions')
      .values({ tenant_id: tenant.id, user_id: current.userId, token_hash: hashToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    const fresh = { ...current, token };
    identities.set(role, fresh);
    return fresh;
  }

  async function authHeaders(role: Role, surface: Surface): Promise<Record<string, string>> {
    const { token, userId } = await identity(role);
    if (!token) return {};
    return surface === 'api' ? { authorization: `Basic ${token}` } : { cookie: `token=${token}; userId=${userId}` };
  }

  async function send(request: SentRequest, timeoutMs = answerTimeoutMs): Promise<Answer> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([
        shop.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.body !== undefined ? { payload: request.body } : {}),
        }),
        timeout,
      ]);
      const ms = performance.now() - started;
      if (outcome === 'timeout') return { status: 0, headers: {}, body: '', ms, failure: `no answer within ${timeoutMs} ms` };
      const response = outcome as LightMyRequestResponse;
      return { status: response.statusCode, headers: response.headers, body: response.body, ms };
    } catch (error) {
      return { status: 0, headers: {}, body: '', ms: performance.now() - started, failure: `inject failed: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async function close() {
    await shop.close();
    await stripe.close();
  }

  return { ...shop, close, build, identity, authHeaders, send };
}
