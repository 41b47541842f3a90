import fs from 'node:fs';
import type { Clock } from '../../server/lib/clock.ts';

/** A clock that runs with the real time, plus what the test moved it on by. */
export interface TestClock extends Clock {
  /** Moves the clock on: what the shop caches for a few seconds is read again, what expires has expired. */
  advance(ms: number): void;
  /** The file other processes read this clock from (clockOfTestProcess), when it has one. */
  offsetFile: string | undefined;
}

/**
 * The offset lives in memory, or in `offsetFile` when several processes of the shop (the instances behind the
 * load balancer) must read one clock: a test moves all of them on at once, as time moves on for all of them.
 */
export function createTestClock(offsetFile?: string): TestClock {
  let offsetMs = 0;
  if (offsetFile) fs.writeFileSync(offsetFile, '0');
  const offset = offsetFile ? () => offsetIn(offsetFile) : () => offsetMs;
  return {
    offsetFile,
    now: () => new Date(Date.now() + offset()),
    advance(ms) {
      if (offsetFile) fs.writeFileSync(offsetFile, String(offset() + ms));
      else offsetMs += ms;
    },
  };
}

/** The clock of an instance started by a test: the test's own, when it named the file its clock keeps. */
export function clockOfTestProcess(offsetFile: string | undefined): Clock | undefined {
  if (!offsetFile) return undefined;
  return { now: () => new Date(Date.now() + offsetIn(offsetFile)) };
}

function offsetIn(file: string): number {
  return Number(fs.readFileSync(file, 'utf8'));
}
