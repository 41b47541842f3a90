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
}

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

  async function runRound(): Promise<BatchResult> {
    roundWaiting = false;
    const total: BatchResult = { backInStock: 0, lowStock: 0 };
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
