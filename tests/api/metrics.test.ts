import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ShopApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { testDataRoot, testEngine } from '../setup/test-database.ts';
import type { TestShop } from './helper.ts';
import { mailShopForFile, type TestSmtp } from './smtp-fixture.ts';

// GET /metrics (Prometheus text format): off without METRICS_TOKEN (the path answers like an unknown one),
// the bearer token when on, the requests counted under their route pattern, the outboxes read from the
// database at scrape time (each one moved by a real change), the failed mail sends, the process metrics, the
// PostgreSQL pool, a registry of each app's own, and a scrape while the database cannot be read.

const token = 'metrics-token-of-the-tests-0123';
const mailShop = mailShopForFile({ METRICS_TOKEN: token, ERP_JOBS: 'off' });
let shop: TestShop;
let smtp: TestSmtp;
let tenantId: number;

beforeAll(() => {
  ({ shop, smtp, tenantId } = mailShop);
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample line of a Prometheus text answer; a line that is neither a sample nor a comment fails. */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the series with exactly these labels, or undefined when the answer has none. */
function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).sort();
  return samples.find((sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === JSON.stringify(wanted))?.value;
}

/** GET /metrics with this Authorization header (null: none). */
function scrape(app: TestShop['app'], authorization: string | null = `Bearer ${token}`) {
  return app.inject({ method: 'GET', url: '/metrics', headers: authorization === null ? {} : { authorization } });
}

async function scrapedSamples(app: TestShop['app'] = shop.app): Promise<Sample[]> {
  const response = await scrape(app);
  expect(response.statusCode, response.body).toBe(200);
  return samplesOf(response.body);
}

/** A second app process on the file's database: its own settings (`env`) and connections, closed after `work` (or by it: `handle.close()`). */
async function withSecondApp<T>(env: Record<string, string>, work: (second: ShopApp, handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: shop.databaseUrl, LOG_LEVEL: 'silent', MEDIA_DIR: path.join(testDataRoot, 'media'), ERP_JOBS: 'off', ...env });
  const opened = openDatabase(shop.databaseUrl, { poolSize: 3 });
  let closed: Promise<void> | undefined;
  const handle = { ...opened, close: () => (closed ??= opened.close()) };
  const second = await buildApp({ config, db: handle.db, pages: false, poolUsage: handle.poolUsage ?? undefined });
  try {
    await second.app.ready();
    return await work(second, handle);
  } finally {
    await second.app.close();
    await handle.close();
  }
}

/** Notes an ERP event that occurred `agoMs` before now, without a seq (as a change's transaction writes it). */
async function recordEvent(agoMs: number): Promise<string> {
  const occurredAt = new Date(shop.clock.now().getTime() - agoMs).toISOString();
  await shop.db.insertInto('erp_events').values({ tenant_id: tenantId, type: 'order.placed', data: JSON.stringify({ orderNumber: 'M-1' }), occurred_at: occurredAt }).execute();
  return occurredAt;
}

/** The highest seq of any tenant's feed. */
async function feedHead(): Promise<number> {
  const row = await shop.db.selectFrom('erp_events').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
  return Number(row.seq ?? 0);
}

const requestCount = (samples: readonly Sample[], route: string, method: string, status: number) =>
  valueOf(samples, 'shop_http_request_duration_seconds_count', { route, method, status: String(status) }) ?? 0;

describe('GET /metrics', () => {
  it('answers like an unknown path without METRICS_TOKEN', async () => {
    await withSecondApp({}, async (second) => {
      const unknown = await second.app.inject({ method: 'GET', url: '/no-such' });
      expect(unknown.statusCode).toBe(404);
      for (const authorization of [null, `Bearer ${token}`]) {
        const answer = await scrape(second.app, authorization);
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
        expect(answer.json()).toEqual(unknown.json());
      }
      expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'not_found', messageKey: 'error.route_not_found' });
    });
  });

  it('takes no METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'fifteen-chars15' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-16' }).metrics.token).toBe('sixteen-chars-16');
    expect(loadConfig({}).metrics.token).toBeNull();
  });

  it('refuses a missing or wrong token with 401 in the shop’s error shape', async () => {
    for (const authorization of [null, '', 'Bearer', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, token, 'Bearer wrong-token-of-equal-size-01']) {
      const answer = await scrape(shop.app, authorization);
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json()).toEqual({ statusCode: 401, error: 'unauthorized', messageKey: 'error.unauthorized', message: expect.any(String) });
      expect(answer.body).not.toContain('shop_');
    }
  });

  it('answers Prometheus text for the right token', async () => {
    const answer = await scrape(shop.app);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(samplesOf(answer.body).length).toBeGreaterThan(20);
  });
});

describe('requests', () => {
  it('are counted under the route pattern, method and status, never the raw path', async () => {
    const before = await scrapedSamples();
    for (const id of ['987654321', '987654322', '987654323']) expect((await shop.app.inject({ method: 'GET', url: `/api/material/${id}` })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: '/no-such-path-987' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: '/api/no-such-route-987', payload: {} })).statusCode).toBe(404);
    const after = await scrapedSamples();

    expect(requestCount(after, '/api/material/:id', 'GET', 401) - requestCount(before, '/api/material/:id', 'GET', 401)).toBe(3);
    expect(requestCount(after, '/healthz', 'GET', 200) - requestCount(before, '/healthz', 'GET', 200)).toBe(1);
    expect(requestCount(after, 'unmatched', 'GET', 404) - requestCount(before, 'unmatched', 'GET', 404)).toBe(1);
    expect(requestCount(after, '/api/*', 'POST', 404) - requestCount(before, '/api/*', 'POST', 404)).toBe(1);
    // The scrape before this one is counted too, under its own route.
    expect(requestCount(after, '/metrics', 'GET', 200)).toBeGreaterThanOrEqual(1);
    expect(after.some((sample) => /987/.test(JSON.stringify(sample.labels)))).toBe(false);
  });

  it('are timed in buckets from 5 ms to 5 s', async () => {
    const samples = await scrapedSamples();
    const series = { route: '/api/material/:id', method: 'GET', status: '401' };
    const buckets = samples.filter((sample) => sample.name === 'shop_http_request_duration_seconds_bucket' && sample.labels.route === series.route && sample.labels.status === '401');
    expect(buckets.map((sample) => sample.labels.le)).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf']);
    expect(valueOf(samples, 'shop_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(valueOf(samples, 'shop_http_request_duration_seconds_count', series));
    expect(valueOf(samples, 'shop_http_request_duration_seconds_sum', series)).toBeGreaterThan(0);
  });

  it('are counted by each app in its own registry', async () => {
    await withSecondApp({ METRICS_TOKEN: token }, async (second) => {
      const mine = await scrapedSamples(second.app);
      expect(requestCount(mine, '/api/material/:id', 'GET', 401)).toBe(0);
      await second.app.inject({ method: 'GET', url: '/api/material/1' });
      expect(requestCount(await scrapedSamples(second.app), '/api/material/:id', 'GET', 401)).toBe(1);
    });
  });
});

describe('outboxes', () => {
  const outboxes = ['mail', 'search_engine', 'webhook', 'stock_alarm', 'erp_job', 'erp_event'];

  it('are each shown by depth, and by the age of the oldest waiting but for the search engine’s, which keeps no time', async () => {
    const samples = await scrapedSamples();
    for (const outbox of outboxes) expect(valueOf(samples, 'shop_outbox_depth', { outbox }), outbox).toBeGreaterThanOrEqual(0);
    for (const outbox of outboxes.filter((name) => name !== 'search_engine')) expect(valueOf(samples, 'shop_outbox_oldest_age_seconds', { outbox }), outbox).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'shop_outbox_oldest_age_seconds', { outbox: 'search_engine' })).toBeUndefined();
    expect(valueOf(samples, 'shop_outbox_read_success')).toBe(1);
  });

  it('mail: a queued mail deepens it, a failed send is counted and shown failing, a sent one leaves it', async () => {
    const before = await scrapedSamples();
    const contact = await shop.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.77.0.1',
      payload: { subject: 'Lieferzeit', message: 'Wann ist die Serie 4711 wieder lieferbar?', name: 'Jana Ørsted', email: 'metrics-1@firma.example', privacyAccepted: true },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const queued = await scrapedSamples();
    // The message to the seller and the copy to the sender.
    expect(valueOf(queued, 'shop_outbox_depth', { outbox: 'mail' })).toBe(valueOf(before, 'shop_outbox_depth', { outbox: 'mail' })! + 2);
    expect(valueOf(queued, 'shop_outbox_oldest_age_seconds', { outbox: 'mail' })).toBeGreaterThanOrEqual(0);

    smtp.refuse = true;
    try {
      expect(await shop.services.mailWorker.drainOnce()).toBe(0);
    } finally {
      smtp.refuse = false;
    }
    const failed = await scrapedSamples();
    for (const kind of ['contact_message', 'contact_copy']) {
      expect((valueOf(failed, 'shop_mail_send_failures_total', { kind }) ?? 0) - (valueOf(before, 'shop_mail_send_failures_total', { kind }) ?? 0), kind).toBe(1);
    }
    expect(valueOf(failed, 'shop_mail_outbox_failing')).toBe(valueOf(before, 'shop_mail_outbox_failing')! + 2);
    expect(valueOf(failed, 'shop_outbox_depth', { outbox: 'mail' })).toBe(valueOf(queued, 'shop_outbox_depth', { outbox: 'mail' }));

    // Due again now, and the server accepts: both go out.
    await shop.db.updateTable('mail_outbox').set({ next_attempt_at: new Date().toISOString() }).where('sent_at', 'is', null).execute();
    expect(await shop.services.mailWorker.drainOnce()).toBeGreaterThanOrEqual(2);
    const sent = await scrapedSamples();
    expect(valueOf(sent, 'shop_outbox_depth', { outbox: 'mail' })).toBe(0);
    expect(valueOf(sent, 'shop_outbox_oldest_age_seconds', { outbox: 'mail' })).toBe(0);
    expect(valueOf(sent, 'shop_mail_outbox_failing')).toBe(0);
  });

  it('ERP events: an unsequenced event deepens it with its age, the sequencer moves it to the feed’s head', async () => {
    const before = await scrapedSamples();
    await recordEvent(60_000);
    const pending = await scrapedSamples();
    expect(valueOf(pending, 'shop_outbox_depth', { outbox: 'erp_event' })).toBe(valueOf(before, 'shop_outbox_depth', { outbox: 'erp_event' })! + 1);
    expect(valueOf(pending, 'shop_outbox_oldest_age_seconds', { outbox: 'erp_event' })).toBeGreaterThanOrEqual(60);
    expect(valueOf(pending, 'shop_outbox_oldest_age_seconds', { outbox: 'erp_event' })).toBeLessThan(120);

    await shop.services.erpEventSequencer.runNow();
    const sequenced = await scrapedSamples();
    expect(valueOf(sequenced, 'shop_outbox_depth', { outbox: 'erp_event' })).toBe(0);
    expect(valueOf(sequenced, 'shop_outbox_oldest_age_seconds', { outbox: 'erp_event' })).toBe(0);
    expect(valueOf(sequenced, 'shop_erp_event_feed_head_seq')).toBe(await feedHead());
    expect(valueOf(sequenced, 'shop_erp_event_feed_head_seq')).toBeGreaterThan(valueOf(before, 'shop_erp_event_feed_head_seq')!);
  });

  it('webhooks: an enabled endpoint behind the feed deepens it by the events it has not passed; a disabled one does not', async () => {
    const before = await scrapedSamples();
    const occurredAt = await recordEvent(45_000);
    await shop.services.erpEventSequencer.runNow();
    const { head } = await shop.db.selectFrom('erp_events').select('seq as head').where('tenant_id', '=', tenantId).where('occurred_at', '=', occurredAt).executeTakeFirstOrThrow();
    if (head === null) throw new Error('the event was not sequenced');
    const endpoint = { tenant_id: tenantId, url: 'https://erp.example/hook', types: JSON.stringify(['order.placed']), secret: 'whsec_test', next_attempt_at: new Date().toISOString() };
    await shop.db.insertInto('webhook_endpoints').values([{ ...endpoint, last_seq: head - 1 }, { ...endpoint, last_seq: 0, disabled_at: new Date().toISOString() }]).execute();

    const behind = await scrapedSamples();
    expect(valueOf(behind, 'shop_outbox_depth', { outbox: 'webhook' })).toBe(valueOf(before, 'shop_outbox_depth', { outbox: 'webhook' })! + 1);
    expect(valueOf(behind, 'shop_outbox_oldest_age_seconds', { outbox: 'webhook' })).toBeGreaterThanOrEqual(45);
    expect(valueOf(behind, 'shop_outbox_oldest_age_seconds', { outbox: 'webhook' })).toBeLessThan(105);

    await shop.db.updateTable('webhook_endpoints').set({ last_seq: head }).where('tenant_id', '=', tenantId).where('disabled_at', 'is', null).execute();
    const caughtUp = await scrapedSamples();
    expect(valueOf(caughtUp, 'shop_outbox_depth', { outbox: 'webhook' })).toBe(0);
    expect(valueOf(caughtUp, 'shop_outbox_oldest_age_seconds', { outbox: 'webhook' })).toBe(0);
  });

  it('stock alarms: a noted stock change deepens it until the worker judged it', async () => {
    const before = await scrapedSamples();
    const notedAt = new Date(shop.clock.now().getTime() - 30_000).toISOString();
    await shop.db.insertInto('stock_alarm_checks').values({ tenant_id: tenantId, product_id: 987654321, variant_id: null, previous_stock: 0, noted_at: notedAt }).execute();
    const noted = await scrapedSamples();
    expect(valueOf(noted, 'shop_outbox_depth', { outbox: 'stock_alarm' })).toBe(valueOf(before, 'shop_outbox_depth', { outbox: 'stock_alarm' })! + 1);
    expect(valueOf(noted, 'shop_outbox_oldest_age_seconds', { outbox: 'stock_alarm' })).toBeGreaterThanOrEqual(30);

    await shop.services.alarmFiring.runNow();
    expect(valueOf(await scrapedSamples(), 'shop_outbox_depth', { outbox: 'stock_alarm' })).toBe(0);
  });

  it('ERP jobs: a queued job deepens it with the age since it was received; a running one does not', async () => {
    const before = await scrapedSamples();
    const { client } = await shop.services.apiClients.create({ tenantId, name: 'ERP metrics', scopes: ['stock:write'], expiresAt: null });
    const receivedAt = new Date(shop.clock.now().getTime() - 90_000).toISOString();
    const job = (state: string) => ({ public_id: randomBytes(16).toString('base64url'), tenant_id: tenantId, client_id: client.id, type: 'stock', mode: 'upsert', state, created_at: receivedAt, received_at: receivedAt });
    await shop.db.insertInto('erp_jobs').values([job('queued'), job('running')]).execute();

    const queued = await scrapedSamples();
    expect(valueOf(queued, 'shop_outbox_depth', { outbox: 'erp_job' })).toBe(valueOf(before, 'shop_outbox_depth', { outbox: 'erp_job' })! + 1);
    expect(valueOf(queued, 'shop_outbox_oldest_age_seconds', { outbox: 'erp_job' })).toBeGreaterThanOrEqual(90);
    expect(valueOf(queued, 'shop_outbox_oldest_age_seconds', { outbox: 'erp_job' })).toBeLessThan(150);
  });

  it('are left out, and said to be, when the database cannot be read; the process metrics still answer', async () => {
    // Tenants are cached a minute: the request context finds this shop's without the database.
    await withSecondApp({ METRICS_TOKEN: token, CACHE_MS: '60000' }, async (second, handle) => {
      expect(valueOf(await scrapedSamples(second.app), 'shop_outbox_read_success')).toBe(1);
      await handle.close();
      const samples = await scrapedSamples(second.app);
      expect(valueOf(samples, 'shop_outbox_read_success')).toBe(0);
      expect(samples.filter((sample) => sample.name.startsWith('shop_outbox_depth') || sample.name === 'shop_erp_event_feed_head_seq')).toEqual([]);
      expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });
  });
});

describe('process and database', () => {
  it('shows the process’s memory, CPU and event-loop lag', async () => {
    const samples = await scrapedSamples();
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it.runIf(testEngine === 'postgres')('shows the PostgreSQL pool’s connections, idle ones and waiting callers', async () => {
    await withSecondApp({ METRICS_TOKEN: token }, async (second, handle) => {
      expect(handle.poolUsage).not.toBeNull();
      // A few queries at once open connections; once they are done the pool keeps them idle.
      await Promise.all([1, 2, 3].map(() => second.app.inject({ method: 'GET', url: '/readyz' })));
      const samples = await scrapedSamples(second.app);
      const total = valueOf(samples, 'shop_db_pool_connections')!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(3);
      expect(valueOf(samples, 'shop_db_pool_idle_connections')).toBeLessThanOrEqual(total);
      expect(valueOf(samples, 'shop_db_pool_waiting_callers')).toBe(0);
    });
  });

  it.runIf(testEngine === 'sqlite')('shows no pool on SQLite, whose two connections are fixed', async () => {
    await withSecondApp({ METRICS_TOKEN: token }, async (second, handle) => {
      expect(handle.poolUsage).toBeNull();
      const samples = await scrapedSamples(second.app);
      expect(samples.filter((sample) => sample.name.startsWith('shop_db_pool_'))).toEqual([]);
    });
  });
});
