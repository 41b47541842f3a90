import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, rootDir } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { applyMigrations } from '../db/migrator.ts';

// npm run erp:openapi: writes the ERP API's OpenAPI document, generated from the routes' zod schemas, to
// docs/erp-openapi.json, the copy a test compares with what the code generates. Run it after changing an
// /erp/v1 route and commit the file with the change: the review shows the contract's change.

export const checkedInOpenApiPath = path.join(rootDir, 'docs/erp-openapi.json');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-openapi-'));
const databaseUrl = path.join(dataDir, 'shop.sqlite');
const handle = openDatabase(databaseUrl, { poolSize: 1 });
try {
  await applyMigrations(handle.db);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', MEDIA_DIR: path.join(dataDir, 'media'), MAIL_WORKER: 'off' });
  const { app } = await buildApp({ config, db: handle.db, pages: false });
  await app.ready();
  fs.writeFileSync(checkedInOpenApiPath, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`Wrote ${path.relative(process.cwd(), checkedInOpenApiPath)}.`);
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
