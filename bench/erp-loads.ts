import { parseArgs } from 'node:util';
import type { DatabaseEngine } from '../server/config.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createApiClientRepository } from '../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../server/modules/erp/api-client.service.ts';
import { startServers } from './bench-harness.ts';
import { openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:erp [-- --products 20000] [--engine postgres]`: the ERP's price and stock loads end to end,
// against the production server on the catalogue database of bench/catalog-bench-db.ts: every product's
// prices (list and retail, then with two customer prices) and stock (with a pre-stock), sent as PUTs of
// 1,000 rows one after the other over HTTP, once changed and once again unchanged. Answers rows a second
// per load; the targets are 10,000 changed and 20,000 unchanged rows a second.

const { values } = parseArgs({ options: { products: { type: 'string', default: '20000' }, engine: { type: 'string', default: 'sqlite' } } });
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const rowsPerRequest = 1000;

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
const skus = (await db.selectFrom('products').select('sku').where('tenant_id', '=', tenant.id).orderBy('id').execute()).map((row) => row.sku);
const season = await db.selectFrom('seasons').select('id').where('tenant_id', '=', tenant.id).orderBy('sort_order').executeTakeFirstOrThrow();
await db.updateTable('seasons').set({ external_id: 'BENCH-SEASON' }).where('id', '=', season.id).execute();
const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
const { secret } = await clients.create({ tenantId: tenant.id, name: `bench ${Date.now()}`, scopes: ['prices:write', 'stock:write'] });
await handle.close();

const servers = await startServers({ engine, products, shopPort: 3320, helloPort: 3321 });
try {
  // A round's values differ from the last run's (a fresh start), so the first load of each kind changes every row.
  const round = Date.now() % 1000;
  const loads: [string, string, (sku: string, index: number) => unknown][] = [
    ['prices: list and retail', '/prices', (sku, index) => ({ sku, listPrice: { amount: (100 * (1 + round) + index) / 100, currency: 'EUR' }, retailPrice: { amount: 2000 + round, currency: 'EUR' } })],
    ['prices: two customer prices', '/prices', (sku) => ({ sku, customerPrices: [{ companyExternalId: '10001', amount: 1 + round }, { companyExternalId: '10002', amount: 2 + round }] })],
    ['stock', '/stock', (sku, index) => ({ sku, quantity: round + index })],
    ['stock and a pre-stock', '/stock', (sku, index) => ({ sku, quantity: round + index + 1, preStocks: [{ seasonExternalId: 'BENCH-SEASON', quantity: round + index }] })],
  ];
  console.log(`${engine}, ${skus.length} products, PUTs of ${rowsPerRequest} rows one after the other`);
  for (const [title, path, row] of loads) {
    for (const pass of ['changed', 'unchanged']) {
      const started = performance.now();
      for (let start = 0; start < skus.length; start += rowsPerRequest) {
        const body = JSON.stringify(skus.slice(start, start + rowsPerRequest).map((sku, offset) => row(sku, start + offset)));
        const answer = await fetch(`${servers.base}/erp/v1${path}`, { method: 'PUT', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body });
        if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
        const { counts, rows } = (await answer.json()) as { counts: Record<string, number>; rows: { result: string }[] };
        if (counts.failed) throw new Error(`${path}: ${counts.failed} rows failed, the first: ${JSON.stringify(rows.find((answered) => answered.result === 'failed'))}`);
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`${title.padEnd(30)} ${pass.padEnd(10)} ${Math.round(skus.length / seconds).toLocaleString('en').padStart(8)} rows/s`);
    }
  }
} finally {
  await servers.stop();
}
