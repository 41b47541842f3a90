import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { DatabaseEngine } from '../server/config.ts';
import { benchmarkCompanyNo, benchmarkLogin, seedBenchmarkOrders } from '../server/db/seed/benchmark-orders.ts';
import { answerReuseMs, benchSeconds, materialPaths, measure, measureHello, paths, prepareBenchDatabase, printRows, signIn, startServers, type Row } from './bench-harness.ts';

// `npm run bench:account [-- --engine postgres] [--products 100000] [--orders 20000]`: the
// account area of a company with N orders and N invoices and credits (seed --orders), on the catalogue
// database of bench/catalog-bench-db.ts, against the production server, at 10 connections, in one run
// with a Fastify hello route and GET /api/material (the yardstick: each list should reach half of its
// throughput with p99 ≤ 20 ms). Every row is a mix of many different requests (pages, search terms,
// ids), not one answer repeated. Then single requests: an invoice PDF (≤ 50 ms) and the XLSX export of
// all N orders (≤ 3 s, the memory the server holds growing by less than 50 MB while it runs).
// BENCH_SHOP_PROFILE=1 writes a CPU profile of the shop (bench/bench-harness.ts).

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '20000' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const orderCount = Number(values.orders);

/**
 * The memory the server holds (RssAnon: its heap and buffers) and its whole resident set (VmRSS), in MB.
 * SQLite reads its file through a memory map, so VmRSS also counts the database pages a request touched,
 * which are the operating system's file cache: the export's target is about the memory it holds.
 */
function memoryMb(pid: number): { held: number; resident: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { held: kb('RssAnon') / 1024, resident: kb('VmRSS') / 1024 };
}

// The benchmark company: built once per database and size (rebuilding 20,000 orders takes a while).
await prepareBenchDatabase(engine, products, async (db) => {
  const existing = await db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companies.customer_no', '=', benchmarkCompanyNo)
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) !== orderCount) {
    const started = performance.now();
    await seedBenchmarkOrders(db, { orders: orderCount });
    console.log(`built ${benchmarkCompanyNo} with ${orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
});

const servers = await startServers({ engine, products, shopPort: 3320, helloPort: 3321 });
const { base, shop } = servers;

try {
  const session = await signIn(base, benchmarkLogin);
  const { headers, get } = session;
  const load = (title: string, list: string[]): Promise<Row> => measure(title, { base, headers, requests: paths(list) });

  // The mixes: the catalogue's categories and pages, the company's orders, search terms and documents.
  const material = await materialPaths(session);
  const firstPage = await get<{ data: { _id: number; orderNumber: string; externalOrderNumber: string | null }[]; meta: { total: number } }>('/api/order?page=1&pageSize=100');
  const sampledOrders = firstPage.data;
  const details = await Promise.all(sampledOrders.slice(0, 20).map((o) => get<{ items: { sku: string; name: string }[] }>(`/api/order/${o._id}`)));
  const terms = [
    ...sampledOrders.slice(0, 15).map((o) => o.orderNumber.slice(-5)),
    ...sampledOrders.flatMap((o) => (o.externalOrderNumber ? [o.externalOrderNumber] : [])).slice(0, 15),
    ...details.flatMap((d) => d.items.slice(0, 1).map((item) => item.sku)),
    ...details.flatMap((d) => d.items.slice(0, 1).map((item) => item.name.split(' ').find((word) => word.length >= 5) ?? item.name)),
  ];
  const sorts = ['orderDate:desc', 'orderNumber:asc', 'total:desc'];
  const documents = await get<{ data: { _id: number }[] }>('/api/account/list?page=1&pageSize=100');
  const statuses = ['', '&status=open', '&status=paid', '&status=overdue', '&type=credit'];

  const helloRun = await measureHello(servers);
  const rows: Row[] = [];
  rows.push(await load(`GET /api/material, ${material.length} category pages`, material));
  rows.push(await load('GET /api/order, page 1 (3 sorts)', sorts.map((sort) => `/api/order?page=1&pageSize=20&sort=${sort}`)));
  rows.push(await load('GET /api/order, page 200 (3 sorts)', sorts.map((sort) => `/api/order?page=200&pageSize=20&sort=${sort}`)));
  rows.push(await load(`GET /api/order, search (${terms.length} terms)`, terms.map((term) => `/api/order?page=1&pageSize=20&search=${encodeURIComponent(term)}`)));
  rows.push(await load(`GET /api/order/{id} (${sampledOrders.length} orders)`, sampledOrders.map((o) => `/api/order/${o._id}`)));
  rows.push(await load('GET /api/account/list, pages 1–20 × 5 filters', statuses.flatMap((filter) => Array.from({ length: 20 }, (_, i) => `/api/account/list?page=${i + 1}&pageSize=20${filter}`))));
  rows.push(await load(`GET /api/account/document/{id} PDF (${documents.data.length} documents)`, documents.data.map((d) => `/api/account/document/${d._id}`)));

  // An invoice PDF on its own (the target is per document): 50 documents one after the other.
  const pdfTimes: number[] = [];
  for (const document of documents.data.slice(0, 50)) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/account/document/${document._id}`, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`PDF ${document._id}: ${answer.status}`);
    pdfTimes.push(performance.now() - started);
  }
  pdfTimes.sort((a, b) => a - b);

  // The export of every order: one request, its time and the server's memory while it streams.
  const before = memoryMb(shop.pid!);
  const peak = { ...before };
  const sampler = setInterval(() => {
    const now = memoryMb(shop.pid!);
    peak.held = Math.max(peak.held, now.held);
    peak.resident = Math.max(peak.resident, now.resident);
  }, 20);
  const exportStarted = performance.now();
  const exported = await fetch(`${base}/api/order/export?format=xlsx`, { headers: { authorization: headers.authorization! } });
  const bytes = (await exported.arrayBuffer()).byteLength;
  const exportMs = performance.now() - exportStarted;
  clearInterval(sampler);

  console.log(`\n${engine}, ${products} products, ${benchmarkCompanyNo} with ${orderCount} orders and documents, 10 connections, ${benchSeconds} s a row, answer reuse ${answerReuseMs} ms`);
  console.log(`hello: ${helloRun.rps} req/s, p99 ${helloRun.p99} ms`);
  printRows(rows);
  console.log(`invoice PDF, one request at a time (${pdfTimes.length} documents): median ${pdfTimes[pdfTimes.length >> 1]!.toFixed(1)} ms, slowest ${pdfTimes.at(-1)!.toFixed(1)} ms`);
  console.log(`XLSX export of ${firstPage.meta.total} orders: ${exported.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(exportMs / 1000).toFixed(2)} s, memory held ${before.held.toFixed(0)} → peak ${peak.held.toFixed(0)} MB (+${(peak.held - before.held).toFixed(0)} MB), resident set with mapped database pages +${(peak.resident - before.resident).toFixed(0)} MB`);
} finally {
  await servers.stop();
}
