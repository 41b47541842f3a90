import { afterAll, describe, expect, it } from 'vitest';
import { describeAnswer, describeRequest, pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { createFixtures, type HiddenProduct } from './fixtures.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { sendChecked, runMutations, signed, type RunContext } from './runner.ts';
import type { AttackTarget } from './samples.ts';
import { startHostileShop, type Answer, type Role, type Surface } from './shop.ts';
import { pdf } from '../api/erp-product-file-fixtures.ts';
import { insertDocument } from '../api/product-file-fixtures.ts';

// A product document's file, from the API (GET /api/product-document/{id}) and for the page's session (GET
// /product-document/{id}), with a real document behind the plain request, so the attack reaches the file's
// own reading of ids, ranges and conditions: never a 5xx, a hang or an internal detail; an id that names no
// document the reader may see (a path, an exponent, a number past the databases' integer, another tenant's
// or a hidden product's document) answers exactly like an unknown one; a range header gets the whole file,
// the one range it names, or 416, never bytes of anything else.

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile product documents: ${context.log.requests} requests`);
  await shop.close();
});

const { samples } = fixtures;
const file = pdf('Technisches Datenblatt der Serie 4711');
const document = await insertDocument(shop, samples.tenantId, { productId: samples.product.id, fileName: 'Datenblatt Größe.pdf', file });
const hiddenDocuments: { product: HiddenProduct; id: number }[] = [];
for (const product of fixtures.hidden) {
  const { tenant_id } = await shop.db.selectFrom('products').select('tenant_id').where('id', '=', product.id).executeTakeFirstOrThrow();
  hiddenDocuments.push({ product, id: (await insertDocument(shop, tenant_id, { productId: product.id, title: `Datenblatt ${product.name}` })).id });
}

const surfaces: { surface: Surface; pattern: string; registered: string[] }[] = [
  { surface: 'api', pattern: '/api/product-document/:id', registered: ['GET', 'HEAD'] },
  { surface: 'page', pattern: '/product-document/:id', registered: ['GET', 'POST'] },
];
const urlOf = (pattern: string, id: string) => pattern.replace(':id', id);
const viewers: Role[] = ['guest', 'customer', 'sales'];

for (const { surface, pattern, registered } of surfaces) {
  describe(`GET ${pattern}`, () => {
    const target: AttackTarget = { surface, method: 'GET', pattern, base: { params: { id: String(document.id) }, query: [] } };
    for (const cls of mutationClasses) {
      it(cls, async () => {
        const before = context.log.lines.length;
        const token = (await shop.identity('customer')).token;
        const mutations = sampleMutations(mutationsFor(cls, target, { registered, token }), 12, `${pattern} ${cls} document`);
        await runMutations(context, mutations, ['none', 'customer'], surface);
        expect(context.log.lines.slice(before)).toEqual([]);
      });
    }

    it('answers every id that names no document the reader may see like an unknown one', async () => {
      const before = context.log.lines.length;
      const strangeIds = ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '..%5C..%5Cwindows%5Cwin.ini', '1e3', '1E3', '007', '-1', '0', '+1', '0x10', '1.0', '2147483648', '9999999999999999999', '99999999999999999999999999', `${document.id}.pdf`, `${document.id}%20`, document.sha256 ?? 'x'];
      for (const role of viewers) {
        const reference = await sendChecked(context, `unknown document as ${role}`, await signed(shop, { method: 'GET', url: urlOf(pattern, '987654321') }, role, surface), surface);
        const cases: [string, string][] = [...strangeIds.map((id): [string, string] => [`id ${id}`, id]), ...hiddenDocuments.filter(({ product }) => product.hiddenFor.includes(role)).map(({ product, id }): [string, string] => [`document of the ${product.kind} product`, String(id)])];
        for (const [label, id] of cases) {
          const request = await signed(shop, { method: 'GET', url: urlOf(pattern, id) }, role, surface);
          const answer = await sendChecked(context, `${label} as ${role}`, request, surface);
          if (answer.status !== reference.status || answer.body !== reference.body) {
            context.log.note(`answers unlike an unknown document: ${describeAnswer(answer)} vs ${describeAnswer(reference)} ⟵ [${label} as ${role}] ${describeRequest(request)}`);
          }
        }
      }
      expect(context.log.lines.slice(before)).toEqual([]);
    });

    it('serves no file for a path outside the store', async () => {
      const before = context.log.lines.length;
      for (const path of ['../../etc/passwd', '..%2f..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/package.json', `${document.id}/../../../package.json`]) {
        const request = await signed(shop, { method: 'GET', url: urlOf(pattern, path) }, 'customer', surface);
        const answer = await sendChecked(context, `path ${path}`, request, surface);
        if (answer.body.includes('root:') || answer.body.includes('"name": "wholesale-shop"')) context.log.note(`a file outside the store served ⟵ ${describeRequest(request)} → ${describeAnswer(answer)}`);
      }
      expect(context.log.lines.slice(before)).toEqual([]);
    });

    it('answers a range header with the whole file, the one range it names, or 416', async () => {
      const before = context.log.lines.length;
      const etag = `"${document.sha256}"`;
      const headerSets: Record<string, string>[] = [
        ...[
          'bytes=9999999999999999999-',
          'bytes=0-9999999999999999999',
          'bytes=-9999999999999999999',
          `bytes=${'9'.repeat(400)}-`,
          `bytes=-${'9'.repeat(400)}`,
          'bytes=-0',
          'bytes=5-2',
          'bytes=--1',
          'bytes=0-0,1-1',
          'bytes=0-1, 5-',
          'items=0-1',
          'bytes=0x10-',
          'bytes=1e3-',
          'bytes= 0-1',
          'bytes=',
          'bytes',
          '=',
          `bytes=0-${file.length - 1}`,
          `bytes=${file.length - 1}-`,
          `bytes=${file.length}-${file.length}`,
        ].map((range) => ({ range })),
        { range: 'bytes=0-9', 'if-range': 'W/"x", *' },
        { range: 'bytes=0-9', 'if-range': etag },
        { range: 'bytes=0-9', 'if-range': 'Fri, 27 Nov 2026 10:00:00 GMT' },
        { 'if-none-match': '*' },
        { 'if-none-match': `W/${etag}, "%00"` },
        { 'if-modified-since': 'not a date', 'if-unmodified-since': '0' },
      ];
      for (const headers of headerSets) {
        for (const method of ['GET', 'HEAD']) {
          const request = await signed(shop, { method, url: urlOf(pattern, String(document.id)), headers }, 'customer', surface);
          const answer = await sendChecked(context, `${JSON.stringify(headers)} ${method}`, request, surface);
          const wrong = rangeProblem(answer, method);
          if (wrong) context.log.note(`${wrong} ⟵ ${describeRequest(request)} → ${describeAnswer(answer)}`);
        }
      }
      expect(context.log.lines.slice(before)).toEqual([]);
    });
  });
}

/** What is wrong with an answer to a range or conditional request for the document's file (its bytes are ASCII); null: nothing. */
function rangeProblem(answer: Answer, method: string): string | null {
  const bodyIs = (bytes: Buffer) => method === 'HEAD' || answer.body === bytes.toString('latin1');
  const header = (name: string) => String(answer.headers[name] ?? '');
  if (answer.status === 200) return bodyIs(file) ? null : 'not the whole file';
  if (answer.status === 304) return answer.body === '' ? null : '304 with a body';
  if (answer.status === 416) return header('content-range') === `bytes */${file.length}` ? null : `416 with content-range ${header('content-range')}`;
  if (answer.status !== 206) return `status ${answer.status}`;
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header('content-range'));
  if (!range || Number(range[3]) !== file.length) return `206 with content-range ${header('content-range')}`;
  const [start, end] = [Number(range[1]), Number(range[2])];
  if (start > end || end >= file.length) return `206 of bytes ${start}-${end}`;
  return bodyIs(file.subarray(start, end + 1)) ? null : '206 with other bytes than it names';
}

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
