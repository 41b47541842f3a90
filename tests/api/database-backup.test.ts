import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { backUpDatabase } from '../../server/db/database-backup.ts';
import { postgresUrlFor, testDataRoot, testEngine, withPostgresAdmin } from '../setup/test-database.ts';
import { startTestShop, type TestShop } from './helper.ts';

// A backup taken while buyers write is a consistent database that restores to a working shop: SQLite's online
// backup, or pg_dump's archive restored by pg_restore into a new database (docs/operations.md).

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

it('copies the database while carts are written, and the copy restores with everything written before it', async () => {
  const auth = await shop.login('customer');
  const product = await shop.db.selectFrom('products').select(['id', 'sku']).where('is_active', '=', 1).where('sales_batch_size', '=', 1).orderBy('id').limit(1).executeTakeFirstOrThrow();
  const add = () => shop.app.inject({ method: 'POST', url: '/api/basket', headers: { authorization: auth }, payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] } });
  expect((await add()).statusCode).toBe(200);
  const before = await shop.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();

  const suffix = randomBytes(4).toString('hex');
  const target = path.join(testDataRoot, `backup-${suffix}.${testEngine === 'sqlite' ? 'sqlite' : 'dump'}`);
  // Writes go on while the copy is made.
  const writes = Promise.all(Array.from({ length: 10 }, add));
  await backUpDatabase(shop.databaseUrl, target);
  for (const answer of await writes) expect(answer.statusCode).toBe(200);

  let restoredUrl = target;
  if (testEngine === 'postgres') {
    const name = `shop_restored_${suffix}`;
    await withPostgresAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    restoredUrl = postgresUrlFor(name);
    const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, target], { encoding: 'utf8' });
    expect(restore.status, restore.stderr).toBe(0);
  }
  const restored = openDatabase(restoredUrl, { poolSize: 1 });
  try {
    const products = await restored.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(products.count)).toBe(Number(before.count));
    const line = await restored.db.selectFrom('basket_lines').select('quantity').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    // The migrations' own record comes along, so the restored shop starts without migrating anything again.
    const migrations = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(restored.db);
    expect(Number(migrations.rows[0]!.count)).toBeGreaterThan(40);
  } finally {
    await restored.close();
    fs.rmSync(target, { force: true });
    if (testEngine === 'postgres') await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${new URL(restoredUrl).pathname.slice(1)} WITH (FORCE)`));
  }
});
