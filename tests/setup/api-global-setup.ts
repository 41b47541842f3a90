import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { postgresUrlFor, testDataRoot, testEngine, withPostgresAdmin } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

// Products in the test catalogue: enough for paging and filters, small enough to seed in seconds.
const testCatalogueSize = 300;

export default async function setup(project: TestProject) {
  fs.mkdirSync(testDataRoot, { recursive: true });
  const mediaDir = path.join(testDataRoot, 'media');
  let url: string;
  let template: string;
  if (testEngine === 'sqlite') {
    template = path.join(testDataRoot, `template-${process.pid}.sqlite`);
    for (const ext of ['', '-wal', '-shm']) fs.rmSync(`${template}${ext}`, { force: true });
    url = template;
  } else {
    template = `shop_test_template_${process.pid}`;
    await withPostgresAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${template}`);
    });
    url = postgresUrlFor(template);
  }
  const database = openDatabase(url, { poolSize: 2 });
  await migrateToLatest(database.db);
  await seedDemo(database.db, { products: testCatalogueSize, mediaDir, filesDir: path.join(testDataRoot, 'files') });
  // Closing checkpoints SQLite's WAL into the file and frees PostgreSQL's template for copying.
  await database.close();
  project.provide('databaseTemplate', template);

  return async () => {
    if (testEngine === 'sqlite') {
      for (const ext of ['', '-wal', '-shm']) fs.rmSync(`${template}${ext}`, { force: true });
    } else {
      await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    }
  };
}
