import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { stopOnSignals } from '../../server/lib/graceful-stop.ts';
import { clockOfTestProcess } from './test-clock.ts';

// The shop's API as a process of its own, for tests that must kill it (tests/api/order-crash.test.ts):
// the database named by DATABASE_URL (already migrated and seeded), on PORT (0: a free one), which it prints
// as `listening <port>` once it takes requests. TEST_CLOCK_FILE: the clock of the test that started it.
// SIGTERM and SIGINT stop it the way they stop the shop (server/main.ts).
const config = loadConfig();
const database = openDatabase(config.database.url);
const { app, gracefulStop } = await buildApp({ config, db: database.db, pages: false, clock: clockOfTestProcess(process.env.TEST_CLOCK_FILE) });
await app.listen({ port: config.port, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
stopOnSignals(app, gracefulStop, { closeDatabase: database.close, timeoutMs: config.shutdown.timeoutMs });
// A test process that dies without stopping it (a crash, a killed run) must not leave it serving: once it is
// no longer the child of the process that started it, it exits.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 1_000).unref();
