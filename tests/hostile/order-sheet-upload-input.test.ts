import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { sendChecked, signed, type RunContext } from './runner.ts';
import { startHostileShop } from './shop.ts';
import { boundary, multipart, uploadSamples } from './upload-samples.ts';

// POST /api/orderSheet/upload is multipart, which the generic generators (api-input.test.ts) only send as
// JSON and broken forms: here every malformed upload (upload-samples.ts), anonymous and signed in as a buyer.
// Never a 5xx, never an internal detail, the buyer gets the sample's own status and message key, and no
// import is stored.

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

it('a whole, valid upload is stored: the count above would see one', async () => {
  const imports = await storedImports();
  const file = fs.readFileSync(new URL('../fixtures/order-sheets/exceljs-order.xlsx', import.meta.url));
  const body = multipart([{ name: 'target', value: 'order' }, { name: 'file', value: file, filename: 'a.xlsx' }]);
  const request = await signed(shop, { method: 'POST', url: '/api/orderSheet/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body }, 'customer', 'api');
  const answer = await sendChecked(context, 'upload of a whole workbook', request, 'api');
  expect(answer.status).toBe(200);
  expect(await storedImports()).toBe(imports + 1);
});
