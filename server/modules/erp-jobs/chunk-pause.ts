import { setTimeout as sleep } from 'node:timers/promises';

// How long a load job steps aside after a chunk (ADR 0023). The pause lets the request thread's writes (a
// checkout, an upload) take SQLite's one write lock between two chunks, and gives the storefront the
// cores: while no buyer is about only now and then, else at least `basePauseMs`, and the busier the shop
// was of late with its buyers (the share of time with storefront requests under way,
// server/lib/storefront-load.ts), the longer — up to `busyFactor` times as long as the chunk took when
// requests never stop. While the shop is saturated it is at its limit and every chunk makes the buyers'
// answers slower (a commit makes SQLite's reader drop its page cache; on PostgreSQL the writes compete
// with the reads): the job then waits for it to ease, up to a bound, so a shop busy all day still takes
// its import. A job at night runs at full speed; during the day it takes what the buyers leave.

export type ChunkPause = (chunkMs: number) => number;
/** Waits as long as the work that took `chunkMs` should step aside. */
export type StepAside = (chunkMs: number) => Promise<void>;

/** The storefront's load from which the shop counts as saturated. */
export const saturatedLoad = 0.9;
/** How often a saturated wait looks again: the load is measured four times a second (server/lib/storefront-load.ts). */
const saturatedLookMs = 100;

/** Without buyers, the work a job does between two least pauses. */
const quietWorkMs = 100;

/**
 * The pause after a chunk that took `chunkMs`, given the storefront's load (0 … 1): while a buyer is
 * about, at least `basePauseMs`, growing with the load; while none is (load 0: no request of theirs waits
 * for the write lock), the least pause only once per `quietWorkMs` of work, the turn of this process's
 * background writers (mails, the event feed's sequencer), so a job at night runs nearly at full speed.
 */
export function chunkPause(basePauseMs: number, storefrontLoad: () => number, busyFactor = 1): ChunkPause {
  let workedSincePause = 0;
  return (chunkMs) => {
    const load = Math.min(1, Math.max(0, storefrontLoad()));
    workedSincePause += chunkMs;
    if (load === 0 && workedSincePause < quietWorkMs) return 0;
    workedSincePause = 0;
    return basePauseMs + chunkMs * busyFactor * load;
  };
}

/** The pause, then, while the shop is saturated, up to `saturatedWaitMs` more until it is not. */
export function stepAside(pause: ChunkPause, storefrontLoad: () => number, saturatedWaitMs: number): StepAside {
  return async (chunkMs) => {
    await sleep(pause(chunkMs));
    const until = performance.now() + saturatedWaitMs;
    while (storefrontLoad() >= saturatedLoad && performance.now() < until) await sleep(saturatedLookMs);
  };
}

/**
 * Runs tasks one at a time, each after the one before it stepped aside (a PUT load on the worker thread):
 * a stream of PUTs sent back to back steps aside like a job's chunks, and a single PUT waits for nothing.
 */
export function pacedTurns(after: StepAside) {
  let last: Promise<unknown> = Promise.resolve();
  let resting: Promise<void> = Promise.resolve();
  return function run<T>(task: () => Promise<T>): Promise<T> {
    const turn = last.then(async () => {
      await resting;
      const started = performance.now();
      try {
        return await task();
      } finally {
        resting = after(performance.now() - started);
      }
    });
    last = turn.catch(() => undefined);
    return turn;
  };
}
