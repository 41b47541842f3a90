import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { erpScopes, isErpScope } from '../../server/modules/access/erp-access.ts';
import { jobTypes, scopeOfJobType } from '../../server/modules/erp-jobs/job-types.ts';
import { pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard, fingerprint } from './data-guard.ts';
import { bearer, createErpKeys } from './erp-keys.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { fillPath, serverRoutes } from './routes.ts';
import { sendChecked, type RunContext } from './runner.ts';
import type { AttackTarget, BaseInput } from './samples.ts';
import { startHostileShop, type SentRequest } from './shop.ts';
import { documentOf, incomingFiles, pdf, storedHashes, zip } from '../api/erp-product-file-fixtures.ts';

// The ERP API (/erp/v1) against malformed input and the wrong keys. Every ERP route of Fastify's route
// table, with the scope it declares:
//   - the key matrix: no key, a malformed, a revoked key: 401 api.key.invalid; a key without the route's
//     scope: 403 api.scope.missing; a key with it: past both (whatever the route then answers, never 5xx);
//   - every class of malformed input, without a key and with a key of every scope: never a 5xx, never a
//     hang or an internal detail, errors in the shop's JSON, and a refused write changes nothing.

const perClass = (method: string) => (method === 'GET' ? 4 : 10);

// Load job bodies over 1 MB (as sent) answer 413, so the oversized body below stays small. The product files
// go to a store of this file's own, so what it holds is this file's to check.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-erp-files-'));
const shop = await startHostileShop({ ERP_JOB_MAX_MB: '1', ERP_JOB_MAX_UNPACKED_MB: '2', FILES_DIR: filesDir });
const keys = await createErpKeys(shop);
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile ERP input: ${context.log.requests} requests`);
  await shop.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const routes = serverRoutes(shop.routes).filter((route) => route.kind === 'erp' || route.kind === 'erp-fallback');
const scopeOf = (url: string, method: string) => shop.routes.find((route) => route.url === url && route.method === method)?.erpScope;

/**
 * A plain request: an upsert gets one empty row (it fails alone and writes nothing), a change (PATCH) an
 * empty object, a read no body.
 */
function baseOf(method: string, params: string[]): BaseInput {
  const values = Object.fromEntries(params.map((name) => [name, name === '*' ? 'no-such-route' : 'X-1']));
  if (method === 'PATCH') return { params: values, query: [], body: { kind: 'json', value: {} } };
  return method === 'PUT' || method === 'POST' ? { params: values, query: [], body: { kind: 'json', value: [{}] } } : { params: values, query: [] };
}

it('finds the ERP routes in the app’s own route table, each with its scope', () => {
  expect(routes.map((route) => route.url)).toContain('/erp/v1/client');
  for (const route of shop.routes.filter((entry) => entry.url.startsWith('/erp/v1'))) expect(route.erpScope, `${route.method} ${route.url}`).toBeDefined();
});

describe('the key matrix', () => {
  for (const route of routes) {
    const methods = route.kind === 'erp-fallback' ? ['GET', 'PUT'] : route.methods;
    for (const method of methods) {
      const scope = scopeOf(route.url, method);
      if (scope === 'public') continue;
      it(`${method} ${route.url} (${scope})`, async () => {
        const base = baseOf(method, route.params);
        const request = (headers: Record<string, string>): SentRequest => ({
          method,
          url: fillPath(route.url, base.params),
          headers: { ...headers, ...(base.body ? { 'content-type': 'application/json' } : {}) },
          ...(base.body ? { body: JSON.stringify(base.body.value) } : {}),
        });
        for (const headers of [{}, { authorization: 'Bearer not-a-key' }, bearer(keys.revoked), { authorization: `Basic ${keys.all}` }]) {
          const answer = await sendChecked(context, `${method} ${route.url} with ${JSON.stringify(headers)}`, request(headers), 'api');
          expect(answer.status).toBe(401);
          expect(JSON.parse(answer.body).messageKey).toBe('api.key.invalid');
        }
        for (const [own, secret] of Object.entries(keys.only)) {
          const answer = await sendChecked(context, `${method} ${route.url} with a ${own} key`, request(bearer(secret)), 'api');
          if (scope && isErpScope(scope) && own !== scope) {
            expect(answer.status, own).toBe(403);
            expect(JSON.parse(answer.body)).toMatchObject({ messageKey: 'api.scope.missing', details: { scope } });
          } else {
            expect([401, 403], own).not.toContain(answer.status);
          }
        }
        expect(context.log.lines).toEqual([]);
      });
    }
  }
});

for (const route of routes) {
  const methods = route.kind === 'erp-fallback' ? ['GET', 'PUT'] : route.methods;
  for (const method of methods) {
    describe(`${method} ${route.url}`, () => {
      const target: AttackTarget = { surface: 'api', method, pattern: route.url, base: baseOf(method, route.params) };
      for (const cls of mutationClasses) {
        it(cls, async () => {
          const before = context.log.lines.length;
          const mutations = sampleMutations(mutationsFor(cls, target, { registered: route.methods, token: keys.all }), perClass(method), `${method} ${route.url} ${cls}`);
          for (const mutation of mutations) {
            for (const headers of mutation.ownAuth ? [{}] : [{}, bearer(keys.all)]) {
              const request = { ...mutation.request, headers: { ...headers, ...mutation.request.headers } };
              await sendChecked(context, `${mutation.cls} ${mutation.label}${'authorization' in headers ? ' with a key' : ''}`, request, 'api');
            }
          }
          expect(context.log.lines.slice(before)).toEqual([]);
        });
      }
      it('broken NDJSON and too many rows', async () => {
        // A file route takes any bytes as the file: its refusals are the product files' own test below.
        if (method !== 'PUT' || route.url.endsWith('/file')) return;
        const before = context.log.lines.length;
        const url = fillPath(route.url, baseOf(method, route.params).params);
        const bodies: [string, string][] = [
          ['application/x-ndjson', '{"a":1}\n{"a":\n'],
          ['application/x-ndjson', '\n\n'],
          ['application/x-ndjson', '{}\n'.repeat(1001)],
          ['application/json', JSON.stringify(Array.from({ length: 1001 }, () => ({})))],
          ['application/json', '{}'],
          ['application/json', '[]'],
        ];
        for (const [type, body] of bodies) {
          const answer = await sendChecked(context, `${type} ${body.slice(0, 20)}`, { method, url, headers: { ...bearer(keys.all), 'content-type': type }, body }, 'api');
          if (route.kind === 'erp') expect(answer.status, `${type} ${body.slice(0, 30)}`).toBe(400);
        }
        expect(context.log.lines.slice(before)).toEqual([]);
      });
    });
  }
}

describe('load jobs (/erp/v1/jobs)', () => {
  const ndjsonHeaders = (secret: string, extra: Record<string, string> = {}) => ({ ...bearer(secret), 'content-type': 'application/x-ndjson', ...extra });
  const season = (externalId: string) => `${JSON.stringify({ externalId, name: 'Hostile', date: '2028-01-01' })}\n`;
  let jobId: string;

  it('takes a job only with its type’s scope, and shows it only to its tenant’s clients with that scope', async () => {
    const before = context.log.lines.length;
    for (const type of jobTypes) {
      for (const [own, secret] of Object.entries(keys.only)) {
        const answer = await sendChecked(context, `POST jobs?type=${type} with a ${own} key`, { method: 'POST', url: `/erp/v1/jobs?type=${type}`, headers: ndjsonHeaders(secret), body: '{}\n' }, 'api');
        // An accepted job runs to its end here, so it does not write while the data guard watches a refusal.
        if (own === scopeOfJobType[type]) {
          expect(answer.status, `${type} ${own}`).toBe(202);
          await shop.services.erpJobRunner.runNow();
        } else expect([answer.status, JSON.parse(answer.body).messageKey], `${type} ${own}`).toEqual([403, 'api.scope.missing']);
      }
    }
    const posted = await sendChecked(context, 'a seasons job', { method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-1') }, 'api');
    expect(posted.status).toBe(202);
    jobId = JSON.parse(posted.body).jobId;
    await shop.services.erpJobRunner.runNow();
    const tenant = await shop.db.insertInto('tenants').values({ slug: 'hostile-jobs', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    const foreign = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'foreign', scopes: [...erpScopes] })).secret;
    const reads = [
      ['GET', `/erp/v1/jobs/${jobId}`],
      ['GET', `/erp/v1/jobs/${jobId}/errors`],
      ['POST', `/erp/v1/jobs/${jobId}/confirm`],
    ] as const;
    const unknown = await sendChecked(context, 'an unknown job', { method: 'GET', url: '/erp/v1/jobs/no-such-job', headers: bearer(keys.all) }, 'api');
    expect(unknown.status).toBe(404);
    for (const [method, url] of reads) {
      for (const [own, secret] of [...Object.entries(keys.only), ['another tenant', foreign] as const]) {
        const answer = await sendChecked(context, `${method} ${url} with a ${own} key`, { method, url, headers: bearer(secret) }, 'api');
        if (own === 'catalog:write') expect(answer.status, `${method} ${url} ${own}`).toBe(method === 'POST' ? 409 : 200);
        else expect([answer.status, answer.body], `${method} ${url} ${own}`).toEqual([404, unknown.body]);
      }
      for (const headers of [{}, { authorization: 'Bearer not-a-key' }, bearer(keys.revoked)]) {
        expect((await sendChecked(context, `${method} ${url} without a valid key`, { method, url, headers }, 'api')).status).toBe(401);
      }
    }
    expect(context.log.lines.slice(before)).toEqual([]);
  });

  it('refuses an oversized body, malformed gzip and bad query values, storing nothing', async () => {
    const before = context.log.lines.length;
    const jobs = async () => Number((await shop.db.selectFrom('erp_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const stored = await jobs();
    const refusals: [SentRequest, number][] = [
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-BIG').repeat(30_000) }, 413],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all, { 'content-length': String(5 * 1024 * 1024) }), body: season('HOSTILE-LIE') }, 413],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all, { 'content-encoding': 'gzip' }), body: Buffer.from('1f8b0800000000000003ffff', 'hex') }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all, { 'content-encoding': 'gzip' }), body: gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x20)) }, 413],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all, { 'content-encoding': 'deflate' }), body: season('HOSTILE-Z') }, 415],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all), body: '' }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons&mode=full', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-F') }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=products&mode=partial', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-M') }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=__proto__', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-P') }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons&type=stock', headers: ndjsonHeaders(keys.all), body: season('HOSTILE-T') }, 400],
      [{ method: 'POST', url: '/erp/v1/jobs?type=seasons', headers: ndjsonHeaders(keys.all, { 'idempotency-key': 'x'.repeat(65) }), body: season('HOSTILE-K') }, 400],
      [{ method: 'GET', url: `/erp/v1/jobs/${jobId}/errors?cursor=-1`, headers: bearer(keys.all) }, 400],
      [{ method: 'GET', url: `/erp/v1/jobs/${jobId}/errors?limit=0`, headers: bearer(keys.all) }, 400],
      [{ method: 'GET', url: `/erp/v1/jobs/${jobId}/errors?limit=100000`, headers: bearer(keys.all) }, 400],
      [{ method: 'GET', url: `/erp/v1/jobs/${'x'.repeat(65)}`, headers: bearer(keys.all) }, 400],
      [{ method: 'GET', url: '/erp/v1/jobs/a%20b', headers: bearer(keys.all) }, 400],
    ];
    for (const [request, status] of refusals) {
      const answer = await sendChecked(context, `${request.method} ${request.url} ${JSON.stringify(request.headers)}`, request, 'api');
      expect(answer.status, `${request.url} ${answer.body}`).toBe(status);
    }
    expect(await jobs()).toBe(stored);
    expect(context.log.lines.slice(before)).toEqual([]);
  });
});

describe('PUT /erp/v1/prices with malformed tier prices and validity', () => {
  it('fails the row by its field, never a 5xx, and writes no price', async () => {
    const { sku } = await shop.db.selectFrom('products').select('sku').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const tier = { minQuantity: 10, amount: 4.2 };
    const malformed: unknown[] = [
      'not a list',
      { minQuantity: 10 },
      [null],
      [[10, 4.2]],
      [{ ...tier, minQuantity: '10' }],
      [{ ...tier, minQuantity: 1e308 }],
      [{ ...tier, minQuantity: -0 }],
      [{ ...tier, minQuantity: 1.0000001 + 9 }],
      [{ ...tier, amount: '4.20' }],
      [{ ...tier, amount: 1e12 }],
      [{ ...tier, amount: 4.201 }],
      [{ ...tier, companyExternalId: 42 }],
      [{ ...tier, companyExternalId: '   ' }],
      [{ ...tier, companyExternalId: 'x'.repeat(10_000) }],
      [{ ...tier, companyExternalId: "10001' or '1'='1" }],
      [{ ...tier, validFrom: '2026-13-01' }],
      [{ ...tier, validFrom: '2026-1-1' }],
      [{ ...tier, validFrom: '2026-01-01T00:00:00Z' }],
      [{ ...tier, validTo: 20260101 }],
      [{ ...tier, validFrom: '2026-06-02', validTo: '2026-06-01' }],
      [tier, tier],
      JSON.parse('[{"minQuantity": 10, "amount": 4.2, "__proto__": {"polluted": true}}]'),
      [{ ...tier, constructor: { prototype: { polluted: true } } }],
      Array.from({ length: 10_001 }, (_, index) => ({ minQuantity: index + 2, amount: 1 })),
    ];
    const rows = malformed.map((tierPrices) => ({ sku, tierPrices }));
    const customerRows = [{ sku, customerPrices: [{ companyExternalId: '10001', amount: 4, validFrom: 'gestern' }] }];
    const watched = ['tier_prices', 'customer_prices', 'products'];
    const before = await fingerprint(shop.db, watched);
    for (const row of [...rows, ...customerRows]) {
      const body = JSON.stringify([row]);
      const answer = await sendChecked(context, `tierPrices ${body.slice(0, 60)}`, { method: 'PUT', url: '/erp/v1/prices', headers: { ...bearer(keys.all), 'content-type': 'application/json' }, body }, 'api');
      // A body with a __proto__ or constructor key is refused whole by the JSON parser (400); any other row fails on its own.
      if (/__proto__|constructor/.test(body)) expect(answer.status).toBe(400);
      else expect(answer.status === 200 ? JSON.parse(answer.body).rows[0].result : answer.status, body.slice(0, 80)).toBe('failed');
    }
    expect(await fingerprint(shop.db, watched)).toEqual(before);
    expect(context.log.lines).toEqual([]);
  });
});

describe('product documents and downloads (/erp/v1/products/{sku}/…)', () => {
  it('refuse an oversized, a mistyped and an empty file and a file name that is a path, storing nothing', async () => {
    const before = context.log.lines.length;
    const { sku } = await shop.db.selectFrom('products').select('sku').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const documentUrl = `/erp/v1/products/${encodeURIComponent(sku)}/documents/HOSTILE-DOC`;
    const json = (body: unknown): SentRequest => ({ method: 'PUT', url: documentUrl, headers: { ...bearer(keys.all), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const file = (url: string, body: Buffer, headers: Record<string, string> = {}): SentRequest => ({ method: 'PUT', url: `${url}/file`, headers: { ...bearer(keys.all), 'content-type': 'application/pdf', ...headers }, body });
    const created = await sendChecked(context, 'a document', json(documentOf()), 'api');
    expect(created.status, created.body).toBe(201);

    const watched = ['product_files', 'product_file_companies', 'products', 'safety_sheet_deliveries', 'notifications'];
    const rows = await fingerprint(shop.db, watched);
    const refusals: [string, SentRequest, number][] = [
      ['Content-Length over 50 MB', file(documentUrl, pdf('announced'), { 'content-length': String(maxProductFileBytes + 1) }), 413],
      ['Content-Length far over 50 MB', file(documentUrl, pdf('announced'), { 'content-length': '999999999999999' }), 413],
      ['text sent as a PDF', file(documentUrl, Buffer.from('%PDX-1.4 no PDF at all')), 400],
      ['a ZIP archive as a document', file(documentUrl, zip('archive'), { 'content-type': 'application/zip' }), 400],
      ['an HTML page', file(documentUrl, Buffer.from('<!doctype html><script>alert(1)</script>'), { 'content-type': 'text/html' }), 400],
      ['an empty body', file(documentUrl, Buffer.alloc(0)), 400],
      ['a document’s file as a download', file(`/erp/v1/products/${encodeURIComponent(sku)}/downloads/HOSTILE-DOC`, pdf('purpose')), 404],
      ['a sku that climbs out', file('/erp/v1/products/..%2F..%2Fetc%2Fpasswd/documents/HOSTILE-DOC', pdf('climb')), 404],
      ['traversal in the file name', json(documentOf({ fileName: '../../etc/passwd' })), 400],
      ['a Windows path as the file name', json(documentOf({ fileName: '..\\..\\windows\\win.ini' })), 400],
      ['a file name of dots', json(documentOf({ fileName: '..' })), 400],
      ['NUL in the file name', json(documentOf({ fileName: 'Datenblatt\u0000.pdf.exe' })), 400],
      ['a right-to-left override in the file name', json(documentOf({ fileName: 'Datenblatt\u202Efdp.exe' })), 400],
      ['an unknown company', json(documentOf({ visibility: 'companies', companies: ["10001' or '1'='1"] })), 422],
    ];
    for (const [label, request, status] of refusals) {
      const answer = await sendChecked(context, label, request, 'api');
      expect(answer.status, `${label}: ${answer.body}`).toBe(status);
    }
    expect(await fingerprint(shop.db, watched)).toEqual(rows);
    expect(storedHashes(filesDir)).toEqual([]);
    expect(incomingFiles(filesDir)).toEqual([]);

    const stored = await sendChecked(context, 'the file', file(documentUrl, pdf('hostile')), 'api');
    expect(stored.status, stored.body).toBe(201);
    expect(storedHashes(filesDir)).toEqual([JSON.parse(stored.body).document.file.sha256]);
    expect(context.log.lines.slice(before)).toEqual([]);
  });
});

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
