import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { applyMigrations } from './migrator.ts';

// npm run db:migrate — brings the configured database (DATABASE_URL, default ./data/shop.sqlite) up to date.

const config = loadConfig();
const handle = openDatabase(config.database.url, { poolSize: 1 });
try {
  const applied = await applyMigrations(handle.db);
  const where = config.database.engine === 'sqlite' ? config.database.url : 'PostgreSQL';
  if (applied.length === 0) console.log(`Database ${where} is up to date.`);
  for (const name of applied) console.log(`Applied migration ${name} (${where})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
