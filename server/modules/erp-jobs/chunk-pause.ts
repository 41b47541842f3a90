// How long a load job steps aside after a chunk (ADR 0023). The pause lets the request thread's writes (a
// checkout, an upload) take SQLite's one write lock between two chunks, and gives the storefront the
// cores: at least `basePauseMs`, and the busier the request thread was of late, the longer — up to
// `busyFactor` times as long as the chunk took when it is fully busy. A job at night runs nearly at full
// speed; during the day it takes what the buyers leave.

export type ChunkPause = (chunkMs: number) => number;

/** The pause after a chunk that took `chunkMs`, given the request thread's utilization (0 … 1). */
export function chunkPause(basePauseMs: number, requestThreadUtilization: () => number, busyFactor = 1): ChunkPause {
  return (chunkMs) => basePauseMs + chunkMs * busyFactor * Math.min(1, Math.max(0, requestThreadUtilization()));
}

/**
 * Runs tasks one at a time, each after the pause the one before it earned (a PUT load on the worker
 * thread): a stream of PUTs sent back to back steps aside like a job's chunks, and a single PUT waits for
 * nothing.
 */
export function pacedTurns(pauseAfter: ChunkPause) {
  let last: Promise<unknown> = Promise.resolve();
  let readyAt = 0;
  return function run<T>(task: () => Promise<T>): Promise<T> {
    const turn = last.then(async () => {
      const wait = readyAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const started = performance.now();
      try {
        return await task();
      } finally {
        readyAt = performance.now() + pauseAfter(performance.now() - started);
      }
    });
    last = turn.catch(() => undefined);
    return turn;
  };
}
