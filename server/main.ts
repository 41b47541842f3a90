import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createTenantRepository } from './modules/tenants/tenant.repository.ts';
import { stopOnSignals } from './lib/graceful-stop.ts';

// Starts the shop: migrate, seed the demo data on the very first start, listen, and on SIGTERM or
// SIGINT drain, stop taking connections, let in-flight requests finish, then close the database.
const dev = process.env.NODE_ENV === 'development';
const config = loadConfig();
const database = openDatabase(config.database.url);

await migrateToLatest(database.db);
// The seed module (word lists, generators) is loaded only on the very first start.
const hasTenant = await createTenantRepository(database.db).hasAny();
if (config.seedDemo && !hasTenant) {
  const { seedDemo } = await import('./db/seed/index.ts');
  await seedDemo(database.db, { products: 2000, mediaDir: config.mediaDir, filesDir: config.filesDir });
  console.log('Seeded the demo data (tenant "demo").');
}

const { app, gracefulStop } = await buildApp({ config, db: database.db, pages: { dev }, poolUsage: database.poolUsage ?? undefined });
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { engine: config.database.engine, startupMs: Math.round(performance.now()) },
  `Shop ready at ${config.publicUrl}`,
);

stopOnSignals(app, gracefulStop, { closeDatabase: database.close, timeoutMs: config.shutdown.timeoutMs });
