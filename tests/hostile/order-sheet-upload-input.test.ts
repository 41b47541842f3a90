import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { sendChecked, signed, type RunContext } from './runner.ts';
import { startHostileShop } from './shop.ts';
import { boundary, multipart, uploadSamples } from './upload-samples.ts';

// POST /api/orderSheet/upload is multipart, which the generic generators (api-input.test.ts) only send as
// JSON and broken forms: here every malformed upload (upload-samples.ts), anonymous and signed in as a buyer.
// Never a 5xx, never an internal detail, the buyer gets the sample's own status and message key, and no
// import is stored. The page's upload form (POST /order-sheet) judges a multipart post by its Content-Length
// before reading it.

const shop = await startHostileShop();
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile uploads: ${context.log.requests} requests`);
  await shop.close();
});

const storedImports = async () => (await shop.db.selectFrom('order_sheet_imports').select('id').execute()).length;

for (const sample of uploadSamples()) {
  it(sample.label, async () => {
    const before = context.log.lines.length;
    const imports = await storedImports();
    const found: string[] = [];
    for (const role of ['none', 'customer'] as const) {
      const request = await signed(shop, { method: 'POST', url: '/api/orderSheet/upload', headers: { 'content-type': sample.contentType }, body: sample.body }, role, 'api');
      const answer = await sendChecked(context, `upload ${sample.label} as ${role}`, request, 'api');
      const [status, messageKey] = role === 'none' ? [401, 'error.unauthorized'] : sample.expected;
      const got = answer.status >= 400 ? (JSON.parse(answer.body) as { messageKey?: string }).messageKey : undefined;
      if (answer.status !== status || got !== messageKey) found.push(`as ${role}: ${answer.status} ${got} (expected ${status} ${messageKey})`);
    }
    expect(found).toEqual([]);
    expect(context.log.lines.slice(before)).toEqual([]);
    expect(await storedImports()).toBe(imports);
  });
}

const workbook = fs.readFileSync(new URL('../fixtures/order-sheets/exceljs-order.xlsx', import.meta.url));

it('a whole, valid upload is stored: the count above would see one', async () => {
  const imports = await storedImports();
  const body = multipart([{ name: 'target', value: 'order' }, { name: 'file', value: workbook, filename: 'a.xlsx' }]);
  const request = await signed(shop, { method: 'POST', url: '/api/orderSheet/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body }, 'customer', 'api');
  const answer = await sendChecked(context, 'upload of a whole workbook', request, 'api');
  expect(answer.status).toBe(200);
  expect(await storedImports()).toBe(imports + 1);
});

describe('the page’s upload form', () => {
  const form = (file: Buffer) =>
    multipart([
      { name: 'intent', value: 'upload' },
      { name: 'target', value: 'order' },
      { name: 'file', value: file, filename: 'a.xlsx' },
    ]);
  const post = async (body: Buffer | Readable, headers: Record<string, string> = {}) => {
    const cookie = (await shop.authHeaders('customer', 'page')).cookie!;
    return shop.app.inject({ method: 'POST', url: '/order-sheet', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers }, payload: body });
  };

  it('a whole upload becomes an import (the refusals below are the length’s, not the form’s)', async () => {
    const imports = await storedImports();
    const response = await post(form(workbook));
    expect(response.statusCode).toBe(302);
    expect(await storedImports()).toBe(imports + 1);
  });

  it('a post over the limit is refused by its Content-Length (413), a post without one is refused as malformed (400); nothing is stored', async () => {
    const imports = await storedImports();
    const over = await post(Buffer.concat([Buffer.alloc(11 * 1024 * 1024, 0x41), Buffer.from('\r\n'), form(workbook)]));
    expect(over.statusCode).toBe(413);
    // A stream gives no Content-Length: the body comes in chunks.
    const unannounced = await post(Readable.from([form(workbook)]));
    expect(unannounced.statusCode).toBe(400);
    expect(unannounced.body).not.toMatch(/NaN/);
    expect(await storedImports()).toBe(imports);
  });
});
