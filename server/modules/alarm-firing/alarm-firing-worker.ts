import { shopToday } from '../../../core/shop-day.ts';
import type { Database } from '../../db/database.ts';
import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAlarmCheckRepository } from './alarm-firing.repository.ts';
import { judgeBatch, type BatchResult } from './alarm-batch.ts';
import { sendDailyDigest } from './alarm-digest.ts';

// The stock alarms' worker, in every app process (ADR 0027): each round claims due checks of the
// stock_alarm_checks outbox (safe across processes: a lease, see alarm-firing.repository.ts) and judges
// them in batches, each batch one transaction (alarm-batch.ts), until none are left; then, once per shop day
// and process, it offers to send the daily digest (alarm-digest.ts; one process wins the day).
// A round runs after every pause (ALARM_POLL_MS: checks noted by other processes) and at once when this
// process wrote stock (wake(): the ERP's stock loads, on this thread or the job thread, and stock given
// back by cancelled orders). Wakes while a round waits to run are one round.

export interface AlarmFiringLog {
  error(details: object, message: string): void;
}

export interface AlarmFiringWorkerOptions {
  db: Database;
  clock: Clock;
  pauseMs: number;
  log: AlarmFiringLog;
  /** Checks claimed and judged per transaction. */
  batchChecks?: number;
  /** How long a claim holds; a batch's transaction takes far less. */
  leaseMs?: number;
  /**
   * While this answers true, rounds wait (up to `longestHoldMs` at a stretch): a load job on the same
   * thread runs first, and its checks are judged once it ended.
   */
  holdWhile?: () => boolean;
}

/** The longest a round waits for a load job: a job of hours still sends its buyers' notifications. */
const longestHoldMs = 30_000;

export function createAlarmFiringWorker(options: AlarmFiringWorkerOptions) {
  const { db, clock, log } = options;
  const checks = createAlarmCheckRepository(db);
  const batchChecks = options.batchChecks ?? 2_000;
  const leaseMs = options.leaseMs ?? 60_000;
  let closing = false;
  let started = false;
  let roundWaiting = false;
  /** The shop day whose digest this process has offered to send. */
  let digestOffered: string | null = null;
  /** Since when rounds have waited for a load job (performance.now()); null while none does. */
  let heldSince: number | null = null;

  /** Whether this round waits for a load job; the next round after the job (the poll) judges. */
  function held(): boolean {
    if (!options.holdWhile?.()) {
      heldSince = null;
      return false;
    }
    heldSince ??= performance.now();
    if (performance.now() - heldSince < longestHoldMs) return true;
    heldSince = null;
    return false;
  }

  async function runRound(): Promise<BatchResult> {
    roundWaiting = false;
    const total: BatchResult = { backInStock: 0, lowStock: 0 };
    if (held()) return total;
    try {
      for (;;) {
        const now = clock.now();
        const claimed = await checks.claimDue(batchChecks, leaseMs, now);
        if (claimed.length === 0) break;
        const result = await db.transaction().execute((trx) => judgeBatch(trx, claimed, now));
        total.backInStock += result.backInStock;
        total.lowStock += result.lowStock;
        if (claimed.length < batchChecks || closing) break;
      }
      const now = clock.now();
      if (digestOffered !== shopToday(now)) {
        await sendDailyDigest(db, now);
        digestOffered = shopToday(now);
      }
    } catch (error) {
      log.error({ err: error }, 'stock alarm round failed');
    }
    return total;
  }

  const loop = createBackgroundLoop({ runRound, pauseMs: () => options.pauseMs });

  return {
    start(): void {
      closing = false;
      started = true;
      loop.start();
    },

    /** Stops polling and waits for the round under way. */
    async stop(): Promise<void> {
      closing = true;
      started = false;
      await loop.stop();
    },

    /** This process wrote stock: a round runs now (after the one under way), unless one already waits to or the worker is off. */
    wake(): void {
      if (!started || roundWaiting) return;
      roundWaiting = true;
      void loop.runNow();
    },

    /** Judges what is due now (after the round under way); answers what fired. For tests. */
    runNow(): Promise<BatchResult> {
      return loop.runNow();
    },
  };
}

export type AlarmFiringWorker = ReturnType<typeof createAlarmFiringWorker>;
