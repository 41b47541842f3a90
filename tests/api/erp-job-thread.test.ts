import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { copyTemplateDatabase, type TestDatabase } from '../setup/test-database.ts';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { createBuyers, orderableProduct } from './buyer-fixtures.ts';
import { ndjson } from './erp-job-fixtures.ts';

// What a buyer and the ERP see of loads written on the shop's worker thread (ADR 0023), in a real process as
// in production: a job's or a PUT's change of the catalogue reaches the request thread's cached answers within
// their lifetime, as another process's change does; a change of a company is told to the request thread at
// once; a PUT is answered row by row from the worker thread as from the request thread.

const answerLifetimeMs = 3_000;
let database: TestDatabase;
let handle: DatabaseHandle;
let secret: string;
let token: string;
let server: AppProcess;
let product: Awaited<ReturnType<typeof orderableProduct>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runJob(type: string, rows: unknown[]): Promise<void> {
  const posted = await fetch(`http://127.0.0.1:${server.port}/erp/v1/jobs?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-ndjson' },
    body: ndjson(rows),
  });
  expect(posted.status, await posted.clone().text()).toBe(202);
  const { jobId } = (await posted.json()) as { jobId: string };
  for (let tries = 0; tries < 400; tries++) {
    const job = (await (await fetch(`http://127.0.0.1:${server.port}/erp/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${secret}` } })).json()) as { state: string; counts: { updated: number } };
    if (job.state !== 'queued' && job.state !== 'running') {
      expect(job).toMatchObject({ state: 'done', counts: { updated: 1 } });
      return;
    }
    await pause(50);
  }
  throw new Error(`job ${jobId} did not end`);
}

interface Shown {
  value: number;
  isGrossPrice: boolean;
}

async function shownPrice(): Promise<Shown> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/material/${product.id}`, { headers: { authorization: `Basic ${token}` } });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  const answer = JSON.parse(body) as { price: { value: number }; isGrossPrice: boolean };
  return { value: answer.price.value, isGrossPrice: answer.isGrossPrice };
}

/** Asks until the shown price is no longer `from`; answers the new one and the milliseconds it took. */
async function untilChanged(from: Shown): Promise<Shown & { ms: number }> {
  const started = performance.now();
  for (;;) {
    const shown = await shownPrice();
    const ms = performance.now() - started;
    if (shown.value !== from.value || shown.isGrossPrice !== from.isGrossPrice) return { ...shown, ms };
    expect(ms, `the price stayed ${JSON.stringify(from)}`).toBeLessThan(answerLifetimeMs * 3);
    await pause(25);
  }
}

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  handle = openDatabase(database.url, { poolSize: 2 });
  const db = handle.db;
  const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
  secret = (await clients.create({ tenantId: tenant.id, name: 'thread', scopes: ['prices:write', 'customers:write', 'catalog:write'], expiresAt: null })).secret;
  token = (await createBuyers(db, 'job-thread', 1))[0]!.token;
  product = await orderableProduct(db, false);
  // The buyer's company pays the list price of this product.
  await db.deleteFrom('customer_prices').where('product_id', '=', product.id).execute();
  server = await startAppProcess(database.url, {
    ERP_JOBS: 'thread',
    ERP_JOB_POLL_MS: '100',
    CACHE_MS: String(answerLifetimeMs),
    CATALOG_ANSWER_CACHE_MS: String(answerLifetimeMs),
  });
}, 60_000);

afterAll(async () => {
  await stopAppProcess(server);
  await handle?.close();
  await database?.drop();
});

it('shows a job’s new list price once the cached answer’s lifetime ran out, and a company’s new net or gross display at once', async () => {
  const company = await handle.db.selectFrom('companies').selectAll().where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  const before = await shownPrice();
  expect(before.isGrossPrice).toBe(company.show_net_prices !== 1);

  // The catalogue: the request thread is not told, its answer lives on, and the new price comes with the next one.
  const newCents = product.price_cents * 2;
  await runJob('prices', [{ sku: product.sku, listPrice: { amount: newCents / 100, currency: 'EUR' } }]);
  const repriced = await untilChanged(before);
  expect(repriced).toMatchObject({ value: before.value * 2, isGrossPrice: before.isGrossPrice });
  expect(repriced.ms).toBeLessThanOrEqual(answerLifetimeMs + 1_000);

  // A company: told at once, long before any cached answer's lifetime ran out.
  const showNet = company.show_net_prices !== 1;
  await runJob('companies', [
    {
      externalId: company.customer_no,
      name: company.name,
      vatCountry: company.vat_country_code,
      showNetPrices: showNet,
      discountPercent: company.discount_percent_bp / 100,
      discountType: company.discount_type,
      freight: company.freight_expense_cents === null ? null : { amount: company.freight_expense_cents / 100, freeFrom: company.freight_expense_until_cents === null ? null : company.freight_expense_until_cents / 100 },
      minimumOrderAmount: company.min_cart_amount_cents / 100,
      blockedDelivery: company.blocked_delivery === 1,
      active: company.is_active === 1,
      usersSeeCompanyOrders: company.users_see_company_orders === 1,
      usersSeeFinance: company.users_see_finance === 1,
    },
  ]);
  const redisplayed = await untilChanged(repriced);
  expect(redisplayed).toMatchObject({ value: repriced.value, isGrossPrice: !showNet });
  expect(redisplayed.ms).toBeLessThan(answerLifetimeMs / 2);
}, 60_000);

it('answers a PUT’s rows from the worker thread, each with its result, and shows its change within the answers’ lifetime', async () => {
  const before = await shownPrice();
  const cachedAt = performance.now();
  const response = await fetch(`http://127.0.0.1:${server.port}/erp/v1/prices`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify([
      { sku: product.sku, listPrice: { amount: before.value + 1, currency: 'EUR' } },
      { sku: 'NO-SUCH-SKU', listPrice: { amount: 1, currency: 'EUR' } },
      { sku: product.sku, listPrice: { amount: -1, currency: 'EUR' } },
    ]),
  });
  const answer = (await response.json()) as { counts: Record<string, number>; rows: { key: string; result: string; errors?: { path: string; code: string; message: string }[] }[] };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.counts).toEqual({ created: 0, updated: 1, unchanged: 0, failed: 2 });
  expect(answer.rows.map((row) => row.result)).toEqual(['updated', 'failed', 'failed']);
  expect(answer.rows[1]!.errors).toEqual([expect.objectContaining({ path: 'sku', code: 'erp.reference.unknown', message: expect.stringMatching(/\w/) })]);
  // Written on the worker thread, which does not tell the request thread of the catalogue: the cached
  // answer stands for its lifetime (a PUT written on the request thread would have forgotten it at once).
  const first = await shownPrice();
  if (performance.now() - cachedAt < answerLifetimeMs - 500) expect(first.value).toBe(before.value);
  const repriced = await untilChanged(before);
  expect(repriced.value).toBe(before.value + 1);
  expect(repriced.ms).toBeLessThanOrEqual(answerLifetimeMs + 1_000);

  // A JSON body is read on the worker thread and refused there as it would be anywhere: 400 with its
  // message key, nothing written.
  const refusedAs = async (body: string) => {
    const refused = await fetch(`http://127.0.0.1:${server.port}/erp/v1/prices`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body,
    });
    const answer = (await refused.json()) as { statusCode: number; messageKey: string };
    expect(refused.status).toBe(answer.statusCode);
    return `${answer.statusCode} ${answer.messageKey}`;
  };
  const row = { sku: product.sku, listPrice: { amount: 999, currency: 'EUR' } };
  expect(await refusedAs(JSON.stringify({ not: 'rows' }))).toBe('400 erp.rows.required');
  expect(await refusedAs('[')).toBe('400 error.invalid_json');
  expect(await refusedAs('')).toBe('400 error.invalid_json');
  expect(await refusedAs('[{"__proto__": {"admin": true}}]')).toBe('400 error.invalid_json');
  expect(await refusedAs(JSON.stringify([{ ...row, sku: 'A\u0000B' }]))).toBe('400 validation.control_characters');
  expect(await refusedAs(JSON.stringify(Array.from({ length: 1001 }, () => row)))).toBe('400 erp.rows.too_many');
  expect((await shownPrice()).value).toBe(repriced.value);
});
