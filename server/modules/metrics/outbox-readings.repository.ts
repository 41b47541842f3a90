import type { Database } from '../../db/database.ts';

// What waits in the shop's outboxes, read when /metrics is scraped (never per request). Each reading is one
// statement on an index or on a table the workers keep short, one after another so a scrape holds at most
// one pooled connection; a reading's size grows only with what waits, never with what was done.

/** How many wait, and when the oldest of them was written (null: none waits, or the table keeps no time). */
export interface OutboxReading {
  depth: number;
  oldestAt: string | null;
}

export interface OutboxReadings {
  /** Mails not sent yet (migration 0014), and how many of them failed their last attempt. */
  mail: OutboxReading & { failing: number };
  /** Products whose search-engine document is still to be sent (migration 0010; its rows keep no time). */
  searchEngine: OutboxReading;
  /** Events the enabled webhook endpoints' cursors are behind their tenant's feed, summed over the endpoints. */
  webhook: OutboxReading;
  /** Stock changes of watched products whose alarms are still to be judged (ADR 0027). */
  stockAlarm: OutboxReading;
  /** ERP load jobs queued to run (ADR 0023), received at `oldestAt`. */
  erpJob: OutboxReading;
  /** Committed ERP events without a seq yet (ADR 0021), and the highest seq any tenant's feed has given. */
  erpEvent: OutboxReading & { headSeq: number };
}

const count = (value: unknown) => Number(value ?? 0);
const timestamp = (value: unknown) => (typeof value === 'string' ? value : null);

export function createOutboxReadingsRepository(db: Database) {
  async function mail() {
    // mail_outbox_due_idx (sent_at, next_attempt_at) finds the unsent rows.
    const row = await db
      .selectFrom('mail_outbox')
      .select((eb) => [
        eb.fn.countAll().as('depth'),
        eb.fn.count(eb.case().when('attempts', '>', 0).then(1).end()).as('failing'),
        eb.fn.min('created_at').as('oldest_at'),
      ])
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { depth: count(row.depth), failing: count(row.failing), oldestAt: timestamp(row.oldest_at) };
  }

  async function searchEngine() {
    const row = await db.selectFrom('search_engine_outbox').select((eb) => eb.fn.countAll().as('depth')).executeTakeFirstOrThrow();
    return { depth: count(row.depth), oldestAt: null };
  }

  async function webhook() {
    // Per enabled endpoint: its tenant's head and the event right after its cursor, both by the (tenant_id, seq)
    // index; seqs have no gaps (ADR 0021), so head - cursor is the number of events it is behind.
    const endpoints = await db
      .selectFrom('webhook_endpoints as endpoint')
      .select('endpoint.last_seq')
      .select((eb) => [
        eb
          .selectFrom('erp_events as head')
          .select((inner) => inner.fn.max('head.seq').as('seq'))
          .whereRef('head.tenant_id', '=', 'endpoint.tenant_id')
          .where('head.seq', 'is not', null)
          .as('head_seq'),
        eb
          .selectFrom('erp_events as next')
          .select('next.occurred_at')
          .whereRef('next.tenant_id', '=', 'endpoint.tenant_id')
          .where((inner) => inner('next.seq', '=', inner('endpoint.last_seq', '+', 1)))
          .as('next_occurred_at'),
      ])
      .where('endpoint.disabled_at', 'is', null)
      .execute();
    let depth = 0;
    let oldestAt: string | null = null;
    for (const endpoint of endpoints) {
      const behind = count(endpoint.head_seq) - count(endpoint.last_seq);
      if (behind <= 0) continue;
      depth += behind;
      const nextAt = timestamp(endpoint.next_occurred_at);
      if (nextAt !== null && (oldestAt === null || nextAt < oldestAt)) oldestAt = nextAt;
    }
    return { depth, oldestAt };
  }

  async function stockAlarm() {
    const row = await db
      .selectFrom('stock_alarm_checks')
      .select((eb) => [eb.fn.countAll().as('depth'), eb.fn.min('noted_at').as('oldest_at')])
      .executeTakeFirstOrThrow();
    return { depth: count(row.depth), oldestAt: timestamp(row.oldest_at) };
  }

  async function erpJob() {
    // erp_jobs (state, received_at) answers both from the index.
    const row = await db
      .selectFrom('erp_jobs')
      .select((eb) => [eb.fn.countAll().as('depth'), eb.fn.min('received_at').as('oldest_at')])
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    return { depth: count(row.depth), oldestAt: timestamp(row.oldest_at) };
  }

  async function erpEvent() {
    // The partial index erp_events_pending_idx holds exactly the events without a seq.
    const pending = await db
      .selectFrom('erp_events')
      .select((eb) => [eb.fn.countAll().as('depth'), eb.fn.min('occurred_at').as('oldest_at')])
      .where('seq', 'is', null)
      .executeTakeFirstOrThrow();
    // Each tenant's head by the (tenant_id, seq) index: a max over the whole feed would read all of it.
    const heads = await db
      .selectFrom('tenants as tenant')
      .select((eb) =>
        eb
          .selectFrom('erp_events as head')
          .select((inner) => inner.fn.max('head.seq').as('seq'))
          .whereRef('head.tenant_id', '=', 'tenant.id')
          .where('head.seq', 'is not', null)
          .as('head_seq'),
      )
      .execute();
    const headSeq = Math.max(0, ...heads.map((head) => count(head.head_seq)));
    return { depth: count(pending.depth), oldestAt: timestamp(pending.oldest_at), headSeq };
  }

  return {
    async read(): Promise<OutboxReadings> {
      return {
        mail: await mail(),
        searchEngine: await searchEngine(),
        webhook: await webhook(),
        stockAlarm: await stockAlarm(),
        erpJob: await erpJob(),
        erpEvent: await erpEvent(),
      };
    },
  };
}

export type OutboxReadingsRepository = ReturnType<typeof createOutboxReadingsRepository>;
