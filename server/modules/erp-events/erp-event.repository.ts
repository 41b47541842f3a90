import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { ErpEventNote, ErpEventType } from './erp-event-types.ts';

// The ERP's event log (migration 0035; docs/decisions/0021-erp-event-feed.md).
//   - recordErpEvent: on the transaction of the change it reports, without a seq;
//   - sequencePending: per tenant, one round at a time across all processes (PostgreSQL: an advisory
//     transaction lock; SQLite: the database's one writer), gives the committed unsequenced events the
//     next seqs in id order. A transaction that commits later gets its seq later: a reader never finds an
//     event behind a seq it has passed;
//   - readAfter: sequenced events only.

/** Notes the event on the change's own transaction: it commits or rolls back with it. */
export async function recordErpEvent(trx: Executor, event: ErpEventNote): Promise<void> {
  await trx
    .insertInto('erp_events')
    .values({ tenant_id: event.tenantId, type: event.type, data: JSON.stringify(event.data), occurred_at: event.occurredAt })
    .execute();
}

/** A company's user was created or changed by its customer admin: the event names the user and the company. */
export async function recordCompanyUserChanged(trx: Executor, change: { tenantId: number; userId: number; occurredAt: string }): Promise<void> {
  const subject = await trx
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.external_id', 'companies.customer_no'])
    .where('users.tenant_id', '=', change.tenantId)
    .where('users.id', '=', change.userId)
    .executeTakeFirstOrThrow();
  await recordErpEvent(trx, {
    tenantId: change.tenantId,
    type: 'company.user.changed',
    data: { id: change.userId, externalId: subject.external_id, customerNo: subject.customer_no },
    occurredAt: change.occurredAt,
  });
}

/** A company's address was added, changed or deleted in the shop: the event names the address and the company. */
export async function recordAddressChanged(
  trx: Executor,
  change: { tenantId: number; companyId: number; addressId: number; externalId: string | null; deleted: boolean; occurredAt: string },
): Promise<void> {
  const company = await trx.selectFrom('companies').select('customer_no').where('tenant_id', '=', change.tenantId).where('id', '=', change.companyId).executeTakeFirst();
  await recordErpEvent(trx, {
    tenantId: change.tenantId,
    type: 'address.changed',
    data: { id: change.addressId, externalId: change.externalId, customerNo: company?.customer_no ?? null, deleted: change.deleted },
    occurredAt: change.occurredAt,
  });
}

/** Events given seqs in one statement (the CASE's parameters stay far below both engines' limits). */
const sequenceChunk = 500;

export function createErpEventRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';

  /** Sequences up to one chunk of the tenant's pending events; answers how many. */
  function sequenceTenant(tenantId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      if (isPostgres) await sql`select pg_advisory_xact_lock(hashtext(${`erp-events:${tenantId}`}))`.execute(trx);
      // SQLite: a write as the first statement takes the database's write lock at once (it matches no row).
      else await sql`update erp_events set seq = seq where id = -1`.execute(trx);
      // Read after the lock: under READ COMMITTED each statement sees what the previous round committed.
      const pending = await trx
        .selectFrom('erp_events')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('seq', 'is', null)
        .orderBy('id')
        .limit(sequenceChunk)
        .execute();
      if (pending.length === 0) return 0;
      const { last } = await trx
        .selectFrom('erp_events')
        .select((eb) => eb.fn.max<number | null>('seq').as('last'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      const base = Number(last ?? 0);
      const ids = pending.map((row) => row.id);
      await trx
        .updateTable('erp_events')
        .set((eb) => {
          let cases = eb.case('id').when(ids[0]!).then(base + 1);
          for (let index = 1; index < ids.length; index++) cases = cases.when(ids[index]!).then(base + index + 1);
          return { seq: cases.end() };
        })
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      return ids.length;
    });
  }

  return {
    /** Sequences every tenant's committed pending events; answers how many. Cheap when there are none (a partial index). */
    async sequencePending(): Promise<number> {
      const tenants = await db.selectFrom('erp_events').select('tenant_id').distinct().where('seq', 'is', null).execute();
      let total = 0;
      for (const { tenant_id: tenantId } of tenants) {
        for (;;) {
          const sequenced = await sequenceTenant(tenantId);
          total += sequenced;
          if (sequenced < sequenceChunk) break;
        }
      }
      return total;
    },

    /** The tenant's sequenced events after `after`, in seq order, of the given types (all when empty). */
    readAfter(tenantId: number, after: number, types: readonly ErpEventType[], limit: number) {
      let query = db
        .selectFrom('erp_events')
        .select(['id', 'seq', 'type', 'occurred_at', 'data'])
        .where('tenant_id', '=', tenantId)
        .where('seq', 'is not', null)
        .where('seq', '>', after);
      if (types.length > 0) query = query.where('type', 'in', [...types]);
      return query.orderBy('seq').limit(limit).execute();
    },

    /**
     * Deletes sequenced events that occurred before `before`; answers how many. Each tenant's last event
     * stays: the next seq follows it, so a reader's seq never comes round again.
     */
    async purgeBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('erp_events')
        .where('occurred_at', '<', before.toISOString())
        .where('seq', 'is not', null)
        .where(({ eb, selectFrom }) =>
          eb('seq', '<', selectFrom('erp_events as newest').select((inner) => inner.fn.max<number>('newest.seq').as('last')).whereRef('newest.tenant_id', '=', 'erp_events.tenant_id')),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ErpEventRepository = ReturnType<typeof createErpEventRepository>;
