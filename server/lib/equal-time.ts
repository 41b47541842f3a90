import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers (or throws) no sooner than `minMs` after it started. For answers whose speed
 * would tell what the words hide: a known address writes a token and a mail, an unknown one reads a row;
 * padded to one floor, both take the same time.
 */
export async function inEqualTime<T>(minMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
