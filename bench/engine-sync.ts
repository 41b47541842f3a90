import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { productIndexUid } from '../core/search-engine.ts';
import { openDatabase } from '../server/db/database.ts';
import { applyMigrations } from '../server/db/migrator.ts';
import { createEngineClient } from '../server/modules/search-engine/engine-client.ts';
import { createEngineDocumentsRepository } from '../server/modules/search-engine/engine-documents.repository.ts';
import { createEngineSync } from '../server/modules/search-engine/engine-sync.ts';
import { startFakeSearchEngine } from '../tests/support/fake-search-engine.ts';

// `npm run bench:engine [-- --products N]`: the external search engine's sync (ADR 0009) on the
// benchmark database of `npm run bench` (data/bench-N, or BENCH_DATABASE_URL), against the local fake
// engine, which keeps documents in memory, so the figures are the shop's side plus a fast engine:
//   - the rebuild on start (every active product read in batches and sent),
//   - what the outbox triggers add to a bulk update of 10,000 product names, and sending those changes.
// The names are changed back afterwards and the outbox is left closed, as a shop without an engine has it.

const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(root, `data/bench-${Number(values.products)}/shop.sqlite`);
const handle = openDatabase(databaseUrl, { poolSize: 2 });
await applyMigrations(handle.db);
const db = handle.db;
const engine = await startFakeSearchEngine({ apiKey: 'bench-key' });
const documents = createEngineDocumentsRepository(db);
const indexUid = productIndexUid('bench');
const sync = createEngineSync({
  client: createEngineClient({ url: engine.url, apiKey: 'bench-key' }),
  documents,
  indexUid,
  intervalMs: 60_000,
  log: { info: () => undefined, warn: (details) => console.warn('sync failed', details) },
});

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
};

const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(10_000).execute();
const ids = products.map((product) => product.id);
const renameTo = (suffix: string) => db.updateTable('products').set({ name: sql`name || ${suffix}` }).where('id', 'in', ids).execute();
const renameBack = (suffix: string) =>
  db
    .updateTable('products')
    .set({ name: sql`substr(name, 1, length(name) - ${suffix.length})` })
    .where('id', 'in', ids)
    .execute();

try {
  const readMs = await timed(async () => {
    for (let afterId = 0; ; ) {
      const batch = await documents.documentsAfter(afterId, 5_000);
      if (batch.length === 0) break;
      afterId = batch.at(-1)!.id;
    }
  });
  const rebuildMs = await timed(() => sync.rebuildNow());
  if (!sync.inStep) throw new Error('the rebuild failed');
  const indexed = engine.documents(indexUid).length;

  await documents.stopNoting();
  const plainUpdateMs = await timed(() => renameTo(' X'));
  await renameBack(' X');
  await documents.startNoting(indexUid);
  const notedUpdateMs = await timed(() => renameTo(' Y'));
  const sendMs = await timed(() => sync.syncNow());
  await renameBack(' Y');
  await sync.syncNow();

  const engineKind = /^postgres/.test(databaseUrl) ? 'PostgreSQL' : 'SQLite';
  console.log(`\n${engineKind}, ${indexed.toLocaleString('en')} active products, fake engine in the same process\n`);
  console.log('| step | ms |');
  console.log('|---|---:|');
  console.log(`| read every document (batches of 5,000) | ${readMs} |`);
  console.log(`| rebuild: read, send, swap | ${rebuildMs} |`);
  console.log(`| update 10,000 names, outbox closed | ${plainUpdateMs} |`);
  console.log(`| update 10,000 names, outbox noting | ${notedUpdateMs} |`);
  console.log(`| send those 10,000 changes | ${sendMs} |`);
} finally {
  await documents.stopNoting();
  await sync.stop();
  await engine.close();
  await handle.close();
}
