import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteReadWriteDialect } from './sqlite-connections.ts';

// Another connection (the load jobs' worker thread, another process) holds the write lock: the shop's
// reads answer at once, and its writes wait without holding the thread, then go through.

interface Tables {
  items: { id: number; name: string };
}

let directory: string;
let file: string;
let db: Kysely<Tables>;
let other: DatabaseSync;

beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-connections-'));
  file = path.join(directory, 'shop.db');
  db = new Kysely<Tables>({ dialect: sqliteReadWriteDialect(file) });
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  await db.insertInto('items').values({ id: 1, name: 'Schraube' }).execute();
  other = new DatabaseSync(file);
});

afterEach(async () => {
  other.close();
  await db.destroy();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Counts the timer turns the thread takes until `promise` settles: a thread held by a busy wait takes none. */
async function turnsUntil(promise: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  void promise.finally(() => (settled = true)).catch(() => undefined);
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    turns++;
  }
  return turns;
}

describe('the SQLite connections while another connection writes', () => {
  it('answer a read at once, outside a transaction', async () => {
    other.exec('begin immediate');
    other.exec("insert into items (id, name) values (2, 'Mutter')");
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([{ name: 'Schraube' }]);
    other.exec('commit');
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([{ name: 'Schraube' }, { name: 'Mutter' }]);
  });

  it('let a transaction wait for the write lock without holding the thread, then commit it', async () => {
    other.exec('begin immediate');
    const transaction = db.transaction().execute(async (trx) => {
      const { name } = await trx.selectFrom('items').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
      await trx.updateTable('items').set({ name: `${name} M8` }).where('id', '=', 1).execute();
    });
    setTimeout(() => other.exec('commit'), 100);
    // The thread keeps taking turns (about 20 in the 100 ms) while the transaction waits.
    expect(await turnsUntil(transaction)).toBeGreaterThan(5);
    expect(await db.selectFrom('items').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).toEqual({ name: 'Schraube M8' });
  });

  it('let a single write wait for the write lock the same way, and reads pass it meanwhile', async () => {
    other.exec('begin immediate');
    const write = db.insertInto('items').values({ id: 3, name: 'Dübel' }).execute();
    expect(await db.selectFrom('items').select('id').execute()).toEqual([{ id: 1 }]);
    setTimeout(() => other.exec('commit'), 100);
    expect(await turnsUntil(write)).toBeGreaterThan(5);
    expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('run the shop’s own transactions one after the other, and a failed one changes nothing', async () => {
    const add = (id: number) => db.transaction().execute((trx) => trx.insertInto('items').values({ id, name: `Teil ${id}` }).execute());
    await Promise.all([add(10), add(11), add(12)]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 20, name: 'Teil 20' }).execute();
        await trx.insertInto('items').values({ id: 10, name: 'doppelt' }).execute();
      }),
    ).rejects.toThrow();
    expect((await db.selectFrom('items').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([1, 10, 11, 12]);
  });
});
