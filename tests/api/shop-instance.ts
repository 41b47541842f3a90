import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { CacheLifetimes } from '../../server/cache.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Services } from '../../server/services.ts';
import { testDataRoot } from '../setup/test-database.ts';
import { createTestClock, type TestClock } from '../support/test-clock.ts';

// One instance of the shop on a test's database, as another app process behind the load balancer would be:
// its own app, services, caches, database pool and clock. A test moves one instance's clock past a cache's
// lifetime to see what that instance answers then, while the other instance's clock stays.

export interface ShopInstance {
  app: FastifyInstance;
  services: Services;
  clock: TestClock;
  /** How long this instance keeps what it caches (CACHE_MS, CATALOG_ANSWER_CACHE_MS, CATALOG_COUNT_CACHE_MS). */
  lifetimes: CacheLifetimes;
  close(): Promise<void>;
}

/** An instance of the shop's API on the database at `databaseUrl` (a test shop's), with settings of its own in `env`. */
export async function startShopInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    MEDIA_DIR: path.join(testDataRoot, 'media'),
    FILES_DIR: path.join(testDataRoot, 'files'),
    ...env,
  });
  const handle = openDatabase(databaseUrl, { poolSize: 4 });
  const clock = createTestClock();
  const { app, services } = await buildApp({ config, db: handle.db, pages: false, clock });
  await app.ready();
  return {
    app,
    services,
    clock,
    lifetimes: config.cacheLifetimes,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
