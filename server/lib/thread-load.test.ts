import { describe, expect, it } from 'vitest';
import { measureThisThreadsLoad, utilizationOf } from './thread-load.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a thread’s load in shared memory', () => {
  it('reads near 1 after the thread kept busy, and near 0 after it waited', async () => {
    const load = measureThisThreadsLoad();
    try {
      // Busy in slices, so the measuring timer gets its turn between them.
      const busyUntil = performance.now() + 600;
      while (performance.now() < busyUntil) {
        const slice = performance.now() + 50;
        while (performance.now() < slice);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(utilizationOf(load.shared)).toBeGreaterThan(0.7);
      await pause(600);
      expect(utilizationOf(load.shared)).toBeLessThan(0.3);
    } finally {
      load.stop();
    }
  });
});
