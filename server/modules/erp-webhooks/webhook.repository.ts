import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { ErpEventType } from '../erp-events/erp-event-types.ts';

// Webhook endpoints and their attempts (migration 0039). Claiming is one statement like the mail outbox's
// (mail-outbox.repository.ts): on PostgreSQL due endpoints are locked with SKIP LOCKED, so two processes
// never claim the same one; on SQLite the single writer runs it alone. A claim is a lease (claimed_until):
// every write of the claimer names it, so a process that outlived its lease changes nothing.

export interface ClaimedEndpoint {
  id: number;
  tenant_id: number;
  url: string;
  types: string;
  secret: string;
  last_seq: number;
  attempts: number;
  failing_since: string | null;
}

/** Where an endpoint stands after an attempt. */
export interface EndpointProgress {
  lastSeq: number;
  attempts: number;
  failingSince: string | null;
  nextAttemptAt: string;
  disabledAt: string | null;
}

export interface WebhookAttemptNote {
  endpointId: number;
  eventId: number;
  type: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
}

const endpointColumns = ['id', 'url', 'types', 'disabled_at', 'created_at'] as const;

/** What PATCH /erp/v1/webhooks/{id} changes; a field left out stays as it is. */
export interface EndpointChange {
  url?: string;
  types?: readonly ErpEventType[];
  /** null enables the endpoint, a time disables it from then. */
  disabledAt?: string | null;
  /** The time from which failures count afresh: the retry state is forgotten and the next attempt is due then. */
  retriesFrom?: string;
}

export function createWebhookRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** The tenant's newest sequenced event: a new endpoint is sent what comes after it. */
    async headSeq(tenantId: number): Promise<number> {
      const { last } = await db
        .selectFrom('erp_events')
        .select((eb) => eb.fn.max<number | null>('seq').as('last'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return Number(last ?? 0);
    },

    create(endpoint: { tenantId: number; url: string; types: readonly ErpEventType[]; secret: string; lastSeq: number; now: string }) {
      return db
        .insertInto('webhook_endpoints')
        .values({
          tenant_id: endpoint.tenantId,
          url: endpoint.url,
          types: JSON.stringify(endpoint.types),
          secret: endpoint.secret,
          last_seq: endpoint.lastSeq,
          next_attempt_at: endpoint.now,
          created_at: endpoint.now,
        })
        .returning(endpointColumns)
        .executeTakeFirstOrThrow();
    },

    list(tenantId: number) {
      return db.selectFrom('webhook_endpoints').select(endpointColumns).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    async remove(tenantId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhook_endpoints').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Changes the tenant's endpoint; answers it as it now is, or undefined when the tenant has no such endpoint. */
    update(tenantId: number, id: number, change: EndpointChange) {
      const columns = {
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.types !== undefined ? { types: JSON.stringify(change.types) } : {}),
        // Disabling keeps the time it was first disabled.
        ...(change.disabledAt === null
          ? // A lease left from before it was disabled ends: its worker stopped when it could not save (saveProgress).
            { disabled_at: null, claimed_until: sql<string | null>`case when disabled_at is null then claimed_until end` }
          : {}),
        ...(change.disabledAt ? { disabled_at: sql<string>`coalesce(disabled_at, ${change.disabledAt})` } : {}),
        ...(change.retriesFrom !== undefined ? { attempts: 0, failing_since: null, next_attempt_at: change.retriesFrom } : {}),
      };
      if (Object.keys(columns).length === 0) {
        return db.selectFrom('webhook_endpoints').select(endpointColumns).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      }
      return db.updateTable('webhook_endpoints').set(columns).where('tenant_id', '=', tenantId).where('id', '=', id).returning(endpointColumns).executeTakeFirst();
    },

    async exists(tenantId: number, id: number): Promise<boolean> {
      return (await db.selectFrom('webhook_endpoints').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** The endpoint's newest attempts, newest first. */
    attempts(endpointId: number, limit: number) {
      return db
        .selectFrom('webhook_attempts')
        .select(['event_id', 'type', 'attempt', 'status', 'error', 'at'])
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Claims up to `limit` enabled endpoints that are due and have events after their cursor, until `until`. */
    claimDue(limit: number, now: string, until: string): Promise<ClaimedEndpoint[]> {
      return db
        .updateTable('webhook_endpoints')
        .set({ claimed_until: until })
        .where('id', 'in', () => {
          const due = db
            .selectFrom('webhook_endpoints as due')
            .select('due.id')
            .where('due.disabled_at', 'is', null)
            .where('due.next_attempt_at', '<=', now)
            .where((eb) => eb.or([eb('due.claimed_until', 'is', null), eb('due.claimed_until', '<', now)]))
            .where(({ exists, selectFrom }) =>
              exists(selectFrom('erp_events').select('erp_events.id').whereRef('erp_events.tenant_id', '=', 'due.tenant_id').whereRef('erp_events.seq', '>', 'due.last_seq')),
            )
            .orderBy('due.next_attempt_at')
            .limit(limit);
          return isPostgres ? due.forUpdate().skipLocked() : due;
        })
        .returning(['id', 'tenant_id', 'url', 'types', 'secret', 'last_seq', 'attempts', 'failing_since'])
        .execute();
    },

    /** The tenant's first sequenced event after `afterSeq` of one of `types`. */
    nextEvent(tenantId: number, afterSeq: number, types: readonly string[]) {
      return db
        .selectFrom('erp_events')
        .select(['id', 'seq', 'type', 'occurred_at', 'data'])
        .where('tenant_id', '=', tenantId)
        .where('seq', 'is not', null)
        .where('seq', '>', afterSeq)
        .where('type', 'in', [...types])
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
    },

    async noteAttempt(attempt: WebhookAttemptNote): Promise<void> {
      await db
        .insertInto('webhook_attempts')
        .values({
          endpoint_id: attempt.endpointId,
          event_id: attempt.eventId,
          type: attempt.type,
          attempt: attempt.attempt,
          status: attempt.status,
          error: attempt.error?.slice(0, 500) ?? null,
          at: attempt.at,
        })
        .execute();
    },

    /**
     * Stores the endpoint's progress while the lease `until` still holds and nobody disabled the endpoint
     * meanwhile (PATCH /erp/v1/webhooks/{id}); answers whether it did: if not, the worker stops.
     */
    async saveProgress(id: number, until: string, progress: EndpointProgress): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set({
          last_seq: progress.lastSeq,
          attempts: progress.attempts,
          failing_since: progress.failingSince,
          next_attempt_at: progress.nextAttemptAt,
          disabled_at: progress.disabledAt,
        })
        .where('id', '=', id)
        .where('claimed_until', '=', until)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends the lease `until`. */
    async release(id: number, until: string): Promise<void> {
      await db.updateTable('webhook_endpoints').set({ claimed_until: null }).where('id', '=', id).where('claimed_until', '=', until).execute();
    },

    /** Deletes attempts beyond the newest `keep` of each endpoint that has more. */
    async trimAttempts(endpointId: number, keep: number): Promise<void> {
      const oldestKept = await db
        .selectFrom('webhook_attempts')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .offset(keep - 1)
        .limit(1)
        .executeTakeFirst();
      if (oldestKept) await db.deleteFrom('webhook_attempts').where('endpoint_id', '=', endpointId).where('id', '<', oldestKept.id).execute();
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
