import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backUpDatabase } from './database-backup.ts';

// npm run db:backup -- <file> — a consistent copy of the configured database (DATABASE_URL) while the shop
// runs: an SQLite file, or a pg_dump archive in its custom format for pg_restore.

const { positionals } = parseArgs({ allowPositionals: true });
const target = positionals[0];
if (!target) {
  console.error('Usage: npm run db:backup -- <file>   (SQLite: a database file; PostgreSQL: a pg_dump archive, restored with pg_restore)');
  process.exit(2);
}
const config = loadConfig();
try {
  await backUpDatabase(config.database.url, target);
  console.log(`Backed up ${config.database.engine === 'sqlite' ? config.database.url : 'the PostgreSQL database'} to ${target}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
