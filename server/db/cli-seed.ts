import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { createEngineClient } from '../modules/search-engine/engine-client.ts';
import { createEngineDocumentsRepository } from '../modules/search-engine/engine-documents.repository.ts';
import { createEngineSync } from '../modules/search-engine/engine-sync.ts';
import { productIndexUid } from '../../core/search-engine.ts';
import { openDatabase, type Database } from './database.ts';
import { applyMigrations } from './migrator.ts';
import { addDemoProducts, benchmarkCompanyNo, benchmarkLogin, countDemoProducts, demoAccounts, maxBenchmarkOrders, seedBenchmarkOrders, seedDemo } from './seed/index.ts';

// npm run db:seed [-- --products N] [--orders N] [--media-dir DIR]
// Migrates the configured database and seeds the deterministic demo tenant "demo".
// When the demo data exists with fewer products than requested, the missing products are added
// (identical to what a fresh seed with that count creates); otherwise nothing changes.
// --orders N then builds (or rebuilds) the benchmark company BENCH-ORDERS with N orders and N invoices
// and credits (seed/benchmark-orders.ts).
// To start over, delete ./data/shop.sqlite (or drop and re-create the PostgreSQL database).

const usage =
  'Usage: npm run db:seed [-- --products N] [--orders N] [--media-dir DIR]   (defaults: 2000 products, no benchmark orders, MEDIA_DIR or ./data/media)';

interface SeedOptions {
  products: number;
  /** The benchmark company's number of orders; undefined: leave it as it is. */
  orders: number | undefined;
  mediaDir: string;
  filesDir: string;
}

function parseOptions(defaultMediaDir: string, filesDir: string): SeedOptions {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '2000' },
      orders: { type: 'string' },
      'media-dir': { type: 'string', default: defaultMediaDir },
      help: { type: 'boolean' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 0 || products > 1_000_000) {
    throw new Error(`--products must be an integer from 0 to 1000000 (got "${values.products}").\n${usage}`);
  }
  const orders = values.orders === undefined ? undefined : Number(values.orders);
  if (orders !== undefined && (!Number.isInteger(orders) || orders < 1 || orders > maxBenchmarkOrders)) {
    throw new Error(`--orders must be an integer from 1 to ${maxBenchmarkOrders} (got "${values.orders}").\n${usage}`);
  }
  return { products, orders, mediaDir: path.resolve(values['media-dir']), filesDir };
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const options = parseOptions(config.mediaDir, config.filesDir);
  const where = config.database.engine === 'sqlite' ? config.database.url : 'PostgreSQL (DATABASE_URL)';
  const handle = openDatabase(config.database.url, { poolSize: 2 });
  try {
    const applied = await applyMigrations(handle.db);
    console.log(applied.length > 0 ? `Applied ${applied.length} migration(s) to ${where}.` : `Database ${where} is up to date.`);

    await seedCatalogue(config, handle.db, options);
    if (options.orders !== undefined) await seedBenchmark(handle.db, options.orders);
  } finally {
    await handle.close();
  }
}

async function seedCatalogue(config: Config, db: Database, options: SeedOptions): Promise<void> {
  const started = performance.now();
  const { seeded } = await seedDemo(db, options);
  if (seeded) {
    await syncSearchEngineAfter(config, db);
    console.log(`Seeded tenant "demo" with ${options.products} products in ${seconds(started)}; media in ${options.mediaDir}.`);
    console.log('Demo logins (username / password):');
    for (const a of demoAccounts) console.log(`  ${a.username.padEnd(14)} ${a.password.padEnd(22)} ${a.role}${a.company ? `, company ${a.company}` : ''}${a.isLocked ? ', locked' : ''}`);
    return;
  }
  const existing = await countDemoProducts(db);
  if (existing >= options.products) {
    console.log(`Demo data already present (${existing} products); no products to add.`);
    if (options.orders === undefined) console.log('To seed from scratch, delete ./data/shop.sqlite (or drop the PostgreSQL database) and run this again.');
    return;
  }
  const { added } = await addDemoProducts(db, options);
  await syncSearchEngineAfter(config, db);
  console.log(`Demo data already present with ${existing} products: added ${added} products (now ${options.products}) in ${seconds(started)}.`);
  console.log('Orders, accounts and settings were left unchanged. To seed from scratch, delete ./data/shop.sqlite.');
}

async function seedBenchmark(db: Database, orders: number): Promise<void> {
  const started = performance.now();
  const result = await seedBenchmarkOrders(db, { orders });
  console.log(`Benchmark company ${benchmarkCompanyNo}: ${result.orders} orders and ${result.documents} invoices and credits in ${seconds(started)}.`);
  console.log(`  login ${benchmarkLogin.username} / ${benchmarkLogin.password} (customer admin)`);
}

/** A changed catalogue goes to the external search engine, if the shop has one (ADR 0009: bulk on import). */
async function syncSearchEngineAfter(config: Config, db: Database): Promise<void> {
  if (!config.searchEngine) return;
  const sync = createEngineSync({
    client: createEngineClient(config.searchEngine),
    documents: createEngineDocumentsRepository(db),
    indexUid: productIndexUid(config.searchEngine.env),
    intervalMs: config.searchEngine.syncIntervalMs,
    log: { info: (details, message) => console.log(message, details), warn: (details, message) => console.warn(message, details) },
  });
  await sync.rebuildNow();
  if (!sync.inStep) throw new Error('The search engine index could not be rebuilt; the shop rebuilds it on its next start.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
