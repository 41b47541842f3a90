import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';

// The shop's API as a process of its own, for tests that must kill it (tests/api/order-crash.test.ts):
// the database named by DATABASE_URL (already migrated and seeded), a free port, which it prints as
// `listening <port>` once it takes requests.
const config = loadConfig();
const database = openDatabase(config.database.url);
const { app } = await buildApp({ config, db: database.db, pages: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
