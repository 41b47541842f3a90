import { sql } from 'kysely';
import type { Database, DatabaseTransaction } from './database.ts';

// A transaction seen as a database: what is written through it commits or rolls back with the caller's
// transaction. A repository made on it runs its own `db.transaction()` as a savepoint of the caller's:
// a load job's chunk holds the writes of the same services the PUT routes use together with the job's
// progress, in one transaction (server/modules/erp-jobs/job-runner.ts). A failed savepoint is rolled back
// alone, so a service that retries its work (server/modules/erp/unique-race.ts) still can on PostgreSQL,
// where a failed statement would otherwise spoil the whole transaction.

export function joinedTransaction(trx: DatabaseTransaction): Database {
  let savepoints = 0;
  const joined: Database = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({
          async execute<T>(work: (inner: DatabaseTransaction) => Promise<T>): Promise<T> {
            savepoints += 1;
            const name = sql.raw(`joined_${savepoints}`);
            await sql`savepoint ${name}`.execute(target);
            try {
              const result = await work(joined as unknown as DatabaseTransaction);
              await sql`release savepoint ${name}`.execute(target);
              return result;
            } catch (error) {
              await sql`rollback to savepoint ${name}`.execute(target);
              throw error;
            }
          },
        });
      }
      // Kysely keeps its state in private fields: its methods must run on the transaction itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Database;
  return joined;
}
