import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';

// The mail outbox (migration 0014), read by the mail worker of every app process. Claiming is one
// statement: on PostgreSQL the due rows are locked with SKIP LOCKED, so two processes never claim the
// same row; on SQLite the single writer runs the statement alone. A claim is a lease (claimed_until):
// a process that dies while sending leaves the row to be claimed again once the lease ran out.

export interface ClaimedMail {
  id: number;
  tenant_id: number;
  kind: 'order_confirmation';
  order_id: number;
  recipient: string;
  locale: string;
  attempts: number;
}

export function createMailOutboxRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** Claims up to `limit` due rows until `now + leaseMs`; answers them in id order. */
    async claimDue(limit: number, leaseMs: number, now = new Date()): Promise<ClaimedMail[]> {
      const nowIso = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const rows = await db
        .updateTable('mail_outbox')
        .set({ claimed_until: until })
        .where('id', 'in', () => {
          const due = db
            .selectFrom('mail_outbox as due')
            .select('due.id')
            .where('due.sent_at', 'is', null)
            .where('due.next_attempt_at', '<=', nowIso)
            .where((eb) => eb.or([eb('due.claimed_until', 'is', null), eb('due.claimed_until', '<', nowIso)]))
            .orderBy('due.id')
            .limit(limit);
          return isPostgres ? due.forUpdate().skipLocked() : due;
        })
        .returning(['id', 'tenant_id', 'kind', 'order_id', 'recipient', 'locale', 'attempts'])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    async markSent(id: number, now = new Date()): Promise<void> {
      await db.updateTable('mail_outbox').set({ sent_at: now.toISOString(), claimed_until: null, last_error: null }).where('id', '=', id).where('sent_at', 'is', null).execute();
    },

    /** Notes a failed attempt; the row is due again at `nextAttemptAt`. */
    async markFailed(id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt.toISOString(), claimed_until: null, last_error: error.slice(0, 2000) })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** The shop's sender: the tenant's seller company. */
    findSender(tenantId: number) {
      return db.selectFrom('seller_companies').select(['name', 'email']).where('tenant_id', '=', tenantId).executeTakeFirst();
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
