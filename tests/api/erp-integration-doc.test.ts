import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/app.ts';
import { erpScopes } from '../../server/modules/access/erp-access.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { orderableProduct, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// docs/erp-integration.md walks an integrator through the ERP API with curl. Every `sh` block of it is run
// here, in order, against a shop with the demo data, with `$SHOP`, `$ERP_KEY`, `$ORDER` (an order the
// demo customer has just placed) and `$ANSWER` (the file with the previous block's answer) set: the status
// each call answers must be the one its `# → NNN` line says. Then the storefront must show what the walk loaded. A walk that no longer works fails here first.

const run = promisify(execFile);
const docPath = path.join(rootDir, 'docs/erp-integration.md');

interface Example {
  /** The block's first line, to name it. */
  title: string;
  script: string;
  expectedStatus: number;
}

function examplesOf(markdown: string): Example[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, body]) => {
    const status = /^# → (\d{3})$/m.exec(body!);
    if (!status) throw new Error(`An sh block of docs/erp-integration.md names no status (# → NNN):\n${body}`);
    return { title: body!.split('\n')[0]!, script: body!, expectedStatus: Number(status[1]) };
  });
}

let shop: TestShop;
let address: string;
let key: string;
let workDir: string;
let customer: ApiClient;
let order: { _id: number; orderNumber: string };

beforeAll(async () => {
  shop = await startTestShop();
  address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  key = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'ERP', scopes: erpScopes })).secret;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-doc-'));
  customer = await clientFor(shop, 'customer');
  const product = await orderableProduct(shop);
  expect((await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 2 }] })).statusCode).toBe(200);
  const placed = await placeOrder(shop.app, customer.auth, `erp-doc-${process.pid}`, await shippingAddressOf(shop, '10001'));
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json();
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('docs/erp-integration.md', () => {
  const examples = examplesOf(fs.readFileSync(docPath, 'utf8'));

  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  // One test walks them all in order: later calls rely on what earlier ones loaded.
  it('answers every curl call with the status the page says', async () => {
    for (const [index, example] of examples.entries()) {
      const statusFile = path.join(workDir, `status-${index}`);
      const bodyFile = path.join(workDir, `body-${index}`);
      // `curl` in the block is this function: it keeps the status and the body apart from what is printed.
      const preamble = `curl() { command curl -sS -o ${JSON.stringify(bodyFile)} -w '%{http_code}' "$@" > ${JSON.stringify(statusFile)}; }\n`;
      const answer = path.join(workDir, `body-${index - 1}`);
      await run('bash', ['-euo', 'pipefail', '-c', preamble + example.script], { env: { ...process.env, SHOP: address, ERP_KEY: key, ORDER: order.orderNumber, ANSWER: answer }, cwd: workDir });
      const status = Number(fs.readFileSync(statusFile, 'utf8'));
      const body = fs.readFileSync(bodyFile, 'utf8');
      expect(status, `${example.title}\n${body}`).toBe(example.expectedStatus);
      // A load answers 200 whatever its rows' results: every row of the page's examples must be taken.
      expect(body, example.title).not.toContain('"result":"failed"');
    }
  });

  it('leaves the storefront showing what the walk loaded', async () => {
    // Company 10001 (the demo customer's) has its customer price, others the list price.
    const found = await customer.get('/api/material/search?searchKey=Bohrschrauber');
    const drill = (found.body.data as { sku: string; price: { value: number } }[]).find((product) => product.sku === 'ERP-DRILL-18');
    expect(drill?.price.value).toBe(119.5);
    const other = await clientFor(shop, 'customer2');
    const seenByOther = (await other.get('/api/material/search?searchKey=Bohrschrauber')).body.data as { sku: string; price: { value: number } }[];
    expect(seenByOther.find((product) => product.sku === 'ERP-DRILL-18')?.price.value).toBe(129);
    // The buyer sees the ERP's number and the status it sent.
    const placed = await customer.get(`/api/order/${order._id}`);
    expect(placed.body).toMatchObject({ erpOrderNumber: 'SO-2026-0042' });
    // And the parcel it sent, with what it holds.
    expect(placed.body.shipments).toMatchObject([{ carrier: 'DHL', trackingCode: '00340434161094042557', lines: [{ sku: 'MAT-000002', quantity: 2 }] }]);
  });
});
