import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { copyTemplateDatabase, type TestDatabase } from '../setup/test-database.ts';
import { ndjson } from './erp-job-fixtures.ts';

// A crash during a load job: the shop process (running its jobs on its worker thread, as in production) is
// killed (SIGKILL, no shutdown) once some chunks committed. After a restart, with the dead process's lease
// run out, the job goes on from its last committed chunk and finishes: every row counted exactly once,
// every product stored once and whole.

const products = 3000;
let database: TestDatabase;
let handle: DatabaseHandle;
let secret: string;
let server: AppProcess | undefined;

const startServer = () => startAppProcess(database.url, { ERP_JOBS: 'thread', ERP_JOB_CHUNK_ROWS: '100', ERP_JOB_POLL_MS: '100' });

const erp = (port: number, method: string, url: string, body?: string, contentType = 'application/json') =>
  fetch(`http://127.0.0.1:${port}/erp/v1${url}`, { method, headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': contentType } : {}) }, ...(body ? { body } : {}) });

const product = (i: number) => ({
  sku: `CRASH-${String(i).padStart(5, '0')}`,
  names: { de: `Absturzschraube ${i}`, en: `Crash screw ${i}` },
  descriptions: { de: 'Verzinkt.', en: null },
  categoryExternalId: 'CRASH-CAT',
  salesUnit: null,
  batchSize: 1,
  taxCategory: 'standard',
  releaseDate: null,
  positiveStockOnly: false,
  stockFreeze: false,
  attributes: { Nummer: String(i) },
  salesAttributes: {},
  images: [],
  variants: [{ variantSku: `CRASH-${String(i).padStart(5, '0')}-V`, name: 'Variante', attributes: {} }],
  active: true,
});

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  handle = openDatabase(database.url, { poolSize: 2 });
  const tenant = await handle.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const clients = createApiClientService({ clients: createApiClientRepository(handle.db), clock: systemClock });
  secret = (await clients.create({ tenantId: tenant.id, name: 'crash', scopes: ['catalog:write'], expiresAt: null })).secret;
}, 60_000);

afterAll(async () => {
  await stopAppProcess(server);
  await handle.close();
  await database.drop();
});

it('resumes a job at its last committed chunk after the process was killed, counting every row once', async () => {
  const first = await startServer();
  server = first;
  expect((await erp(first.port, 'PUT', '/categories', JSON.stringify([{ externalId: 'CRASH-CAT', parentExternalId: null, names: { de: 'Absturz', en: 'Crash' } }]))).status).toBe(200);
  const posted = await erp(first.port, 'POST', '/jobs?type=products', ndjson(Array.from({ length: products }, (_, i) => product(i))), 'application/x-ndjson');
  expect(posted.status, await posted.clone().text()).toBe(202);
  const { jobId } = (await posted.json()) as { jobId: string };
  const job = () => handle.db.selectFrom('erp_jobs').select(['next_chunk', 'chunk_count', 'state', 'read_count']).where('public_id', '=', jobId).executeTakeFirstOrThrow();

  // Pull the plug once a few chunks committed, long before the last.
  for (let tries = 0; (await job()).next_chunk < 3; tries++) {
    expect(tries).toBeLessThan(600);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stopAppProcess(first);
  const atCrash = await job();
  expect(atCrash.chunk_count).toBe(products / 100);
  expect(atCrash.next_chunk).toBeLessThan(atCrash.chunk_count);
  expect(atCrash.read_count).toBe(atCrash.next_chunk * 100);
  const stored = () => handle.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('sku', 'like', 'CRASH-%').executeTakeFirstOrThrow();
  // What committed is whole: the rows of the committed chunks, and none of the chunk under way.
  expect(Number((await stored()).n)).toBe(atCrash.next_chunk * 100);

  // The dead process's lease runs out (a minute; here at once), then the new process takes the job over.
  await handle.db.updateTable('erp_jobs').set({ claimed_until: '2000-01-01T00:00:00.000Z' }).where('public_id', '=', jobId).execute();
  const second = await startServer();
  server = second;
  let answer: { state: string; rows: number; counts: Record<string, number>; chunks: { total: number; committed: number } } | undefined;
  for (let tries = 0; tries < 1200; tries++) {
    answer = (await (await erp(second.port, 'GET', `/jobs/${jobId}`)).json()) as typeof answer;
    if (answer!.state !== 'queued' && answer!.state !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(answer).toMatchObject({ state: 'done', rows: products, chunks: { total: products / 100, committed: products / 100 } });
  expect(answer!.counts).toEqual({ read: products, created: products, updated: 0, unchanged: 0, failed: 0, deactivated: 0 });
  expect(Number((await stored()).n)).toBe(products);
  const variants = await handle.db.selectFrom('product_variants').select((eb) => eb.fn.countAll<number>().as('n')).where('variant_sku', 'like', 'CRASH-%').executeTakeFirstOrThrow();
  expect(Number(variants.n)).toBe(products);
  const sample = await handle.db.selectFrom('products').select(['name', 'attributes', 'erp_active']).where('sku', '=', 'CRASH-02999').executeTakeFirstOrThrow();
  expect(sample).toEqual({ name: 'Absturzschraube 2999', attributes: '{"Nummer":"2999"}', erp_active: 1 });
}, 180_000);
