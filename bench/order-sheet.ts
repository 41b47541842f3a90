import { parseArgs } from 'node:util';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { zip } from '../tests/support/zip-writer.ts';
import type { DatabaseEngine } from '../server/config.ts';
import { answerReuseMs, createSession, measureHello, percentile, startServers } from './bench-harness.ts';
import { openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:sheet [-- --products 100000] [--engine postgres] [--runs 20] [--lines 1000]`: order sheets
// against the production server on the catalogue database of bench/catalog-bench-db.ts, next to a Fastify
// hello route, as a signed-in customer. Every run draws its own lines at random from thousands of the
// buyer's products (quantities at random, some not whole batches), so no answer is reused:
//   - paste of `--lines` lines: POST /api/orderSheet/paste (target ≤ 500 ms);
//   - confirm of those lines into the order cart: POST /api/orderSheet/{id}/confirm (target ≤ 500 ms), the
//     cart emptied again after each run (not measured);
//   - upload of an XLSX sheet of `--lines` lines written by exceljs: POST /api/orderSheet/upload, from the
//     request to the preview's answer (target p95 ≤ 1 s);
//   - a sheet of nearly 10 MB (5,000 rows, a column of random text): the shop's peak RSS growth while it is
//     read and judged (target ≤ 50 MB);
//   - a zip bomb (a 200 MB sheet part deflated to a few hundred KB): refused (target ≤ 50 ms);
//   - the personalised sheet of the buyer's whole assortment: GET /api/orderSheet/template?scope=assortment,
//     5,000 rows at most (4,998 items) with the catalogue's own prices, from the request to the last byte
//     (target ≤ 2 s), and the shop's peak RSS growth while it is written.
// CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    engine: { type: 'string', default: 'sqlite' },
    runs: { type: 'string', default: '20' },
    lines: { type: 'string', default: '1000' },
  },
});
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const runs = Number(values.runs);
const lines = Number(values.lines);
const shopPort = 3330;

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
const customer = await db.selectFrom('users').select(['id', 'company_id']).where('tenant_id', '=', tenant.id).where('username', '=', 'customer').executeTakeFirstOrThrow();
const token = await createSession(db, tenant.id, customer.id);
// The pool: products the buyer sees and may order without choosing a variant, spread over the catalogue.
const pool = await db
  .selectFrom('products')
  .select(['id', 'sku', 'sales_batch_size'])
  .where('tenant_id', '=', tenant.id)
  .where('is_active', '=', 1)
  .where('price_cents', '>', 0)
  .where('category_id', 'in', db.selectFrom('categories').select('id').where('is_active', '=', 1).where('is_deal', '=', 0))
  .where((eb) => eb.not(eb.exists(eb.selectFrom('product_variants').select('product_variants.id').whereRef('product_variants.product_id', '=', 'products.id'))))
  .orderBy('id')
  .limit(5000)
  .execute();
await db.updateTable('products').set({ stock: 10_000_000 }).where('id', 'in', pool.map((p) => p.id)).execute();
await handle.close();
if (pool.length < lines) throw new Error(`only ${pool.length} products to draw ${lines} lines from`);

const servers = await startServers({ engine, products, shopPort, helloPort: 3331 });
const headers = { authorization: `Basic ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `count` different products at random, each with a quantity of 1–60. */
function drawLines(count: number): { sku: string; quantity: number }[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(Math.random() * pool.length));
  return [...picked].map((index) => ({ sku: pool[index]!.sku, quantity: 1 + Math.floor(Math.random() * 60) }));
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const answer = await fetch(`${servers.base}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const body = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

const postJson = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function sheetBytes(rows: { sku: string; quantity: number | null; note?: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bestellung');
  sheet.addRow(rows.some((row) => row.note) ? ['Artikelnummer', 'Menge', 'Notiz'] : ['Artikelnummer', 'Menge']);
  for (const row of rows) sheet.addRow(row.note ? [row.sku, row.quantity, row.note] : [row.sku, row.quantity]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(bytes: Buffer, name = 'bestellung.xlsx'): Promise<Response> {
  const form = new FormData();
  form.set('target', 'order');
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${servers.base}/api/orderSheet/upload`, { method: 'POST', headers, body: form });
}

/** The shop's peak RSS since the last reset, in MB (Linux: /proc/<pid>/status VmHWM; writing 5 to clear_refs resets it). */
function peakRssMb(reset = false): number {
  const pid = servers.shop.pid!;
  if (reset) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) / 1024;
}

/** The shop's RSS now, in MB (Linux: /proc/<pid>/status VmRSS). */
function rssMb(): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${servers.shop.pid!}/status`, 'utf8'));
  return Number(match![1]) / 1024;
}

/**
 * A ZIP whose one worksheet part is `megabytes` MB of spaces deflated: a few hundred KB that a reader
 * unpacking before it checks would blow up to the full size.
 */
function zipBomb(megabytes: number): Buffer {
  return zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024, 0x20) }]);
}

const spread = (ms: number[]) => {
  const sorted = Float64Array.from(ms).sort();
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
};

try {
  const hello = await measureHello(servers);
  console.log(`${engine}, ${products.toLocaleString('en')} products, answer reuse ${answerReuseMs} ms, ${runs} runs of ${lines} lines drawn from ${pool.length.toLocaleString('en')} products`);
  console.log(`hello: ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`);

  const paste: number[] = [];
  const confirm: number[] = [];
  const statuses = new Map<string, number>();
  let added = 0;
  for (let run = 0; run < runs; run++) {
    const text = drawLines(lines).map((line) => `${line.sku}\t${line.quantity}`).join('\n');
    const pasted = await timed(() => postJson('/api/orderSheet/paste', { text, target: 'order' }));
    paste.push(pasted.ms);
    for (const row of pasted.value.rows as { status: string }[]) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1);
    const confirmed = await timed(() => postJson(`/api/orderSheet/${String(pasted.value.importId)}/confirm`, { mode: 'set' }));
    confirm.push(confirmed.ms);
    added += Number(confirmed.value.added);
    await postJson('/api/basket', { items: [] });
  }
  console.log(`paste of ${lines} lines: ${spread(paste)} (rows: ${JSON.stringify(Object.fromEntries(statuses))})`);
  console.log(`confirm of the paste into the order cart: ${spread(confirm)} (${Math.round(added / runs)} lines went in a run)`);

  const uploads: number[] = [];
  for (let run = 0; run < runs; run++) {
    const bytes = await sheetBytes(drawLines(lines));
    const answered = await timed(async () => {
      const answer = await upload(bytes);
      if (!answer.ok) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
      return answer.json();
    });
    uploads.push(answered.ms);
  }
  console.log(`upload of an XLSX sheet of ${lines} lines to its preview: ${spread(uploads)}`);

  // Nearly 10 MB: a header and 4,999 rows (the most a sheet may have), 1,000 of them with a quantity, each
  // with 2.6 KB of random text (which does not compress).
  const bigRows = [...drawLines(1000), ...drawLines(3999).map((line) => ({ ...line, quantity: null }))].map((row) => ({ ...row, note: Buffer.from(crypto.getRandomValues(new Uint8Array(1950))).toString('base64') }));
  const big = await sheetBytes(bigRows);
  const before = peakRssMb(true);
  const bigAnswer = await timed(() => upload(big));
  console.log(
    `a ${(big.length / 1024 / 1024).toFixed(1)} MB sheet (5,000 rows, 1,000 with a quantity): answered ${bigAnswer.value.status} in ${bigAnswer.ms.toFixed(0)} ms, the shop's peak RSS ${before.toFixed(0)} → ${peakRssMb().toFixed(0)} MB`,
  );

  const bomb = zipBomb(200);
  const bombs: number[] = [];
  let bombStatus = 0;
  for (let run = 0; run < runs; run++) {
    const answered = await timed(() => upload(bomb));
    bombStatus = answered.value.status;
    await answered.value.arrayBuffer();
    bombs.push(answered.ms);
  }
  console.log(`a zip bomb of ${(bomb.length / 1024).toFixed(0)} KB (200 MB unpacked): answered ${bombStatus}, ${spread(bombs)}`);

  const templates: number[] = [];
  let templateBytes = 0;
  const beforeTemplates = peakRssMb(true);
  for (let run = 0; run < runs; run++) {
    const answered = await timed(async () => {
      const answer = await fetch(`${servers.base}/api/orderSheet/template?scope=assortment&type=order`, { headers });
      if (!answer.ok) throw new Error(`template: ${answer.status} ${await answer.text()}`);
      return answer.arrayBuffer();
    });
    templateBytes = answered.value.byteLength;
    templates.push(answered.ms);
  }
  const peak = peakRssMb();
  // What the shop keeps once the downloads are over (the writer's thread stays, its heap for the next sheet).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(
    `the personalised sheet of the assortment (${(templateBytes / 1024).toFixed(0)} KB): ${spread(templates)}, the shop's peak RSS ${beforeTemplates.toFixed(0)} → ${peak.toFixed(0)} MB, 2 s after the last ${rssMb().toFixed(0)} MB`,
  );
} finally {
  await servers.stop();
}
