import type { Clock } from '../../server/lib/clock.ts';

/** A clock that runs with the real time, plus what the test moved it on by. */
export interface TestClock extends Clock {
  /** Moves the clock on: what the shop caches for a few seconds is read again, what expires has expired. */
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}
