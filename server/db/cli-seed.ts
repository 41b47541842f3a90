import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { createEngineClient } from '../modules/search-engine/engine-client.ts';
import { createEngineDocumentsRepository } from '../modules/search-engine/engine-documents.repository.ts';
import { createEngineSync } from '../modules/search-engine/engine-sync.ts';
import { productIndexUid } from '../../core/search-engine.ts';
import { openDatabase, type Database } from './database.ts';
import { applyMigrations } from './migrator.ts';
import { addDemoProducts, countDemoProducts, demoAccounts, seedDemo } from './seed/index.ts';

// npm run db:seed [-- --products N] [--media-dir DIR]
// Migrates the configured database and seeds the deterministic demo tenant "demo".
// When the demo data exists with fewer products than requested, the missing products are added
// (identical to what a fresh seed with that count creates); otherwise nothing changes.
// To start over, delete ./data/shop.sqlite (or drop and re-create the PostgreSQL database).

const usage = 'Usage: npm run db:seed [-- --products N] [--media-dir DIR]   (defaults: 2000 products, MEDIA_DIR or ./data/media)';

function parseOptions(defaultMediaDir: string): { products: number; mediaDir: string } {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '2000' }, 'media-dir': { type: 'string', default: defaultMediaDir }, help: { type: 'boolean' } },
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
  return { products, mediaDir: path.resolve(values['media-dir']) };
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const options = parseOptions(config.mediaDir);
  const where = config.database.engine === 'sqlite' ? config.database.url : 'PostgreSQL (DATABASE_URL)';
  const handle = openDatabase(config.database.url, { poolSize: 2 });
  try {
    const applied = await applyMigrations(handle.db);
    console.log(applied.length > 0 ? `Applied ${applied.length} migration(s) to ${where}.` : `Database ${where} is up to date.`);

    const started = performance.now();
    const { seeded } = await seedDemo(handle.db, options);
    if (seeded) {
      await syncSearchEngineAfter(config, handle.db);
      console.log(`Seeded tenant "demo" with ${options.products} products in ${seconds(started)}; media in ${options.mediaDir}.`);
      console.log('Demo logins (username / password):');
      for (const a of demoAccounts) console.log(`  ${a.username.padEnd(14)} ${a.password.padEnd(22)} ${a.role}${a.company ? `, company ${a.company}` : ''}${a.isLocked ? ', locked' : ''}`);
      return;
    }
    const existing = await countDemoProducts(handle.db);
    if (existing >= options.products) {
      console.log(`Demo data already present (${existing} products); nothing to do.`);
      console.log('To seed from scratch, delete ./data/shop.sqlite (or drop the PostgreSQL database) and run this again.');
      return;
    }
    const { added } = await addDemoProducts(handle.db, options);
    await syncSearchEngineAfter(config, handle.db);
    console.log(`Demo data already present with ${existing} products: added ${added} products (now ${options.products}) in ${seconds(started)}.`);
    console.log('Orders, accounts and settings were left unchanged. To seed from scratch, delete ./data/shop.sqlite.');
  } finally {
    await handle.close();
  }
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
