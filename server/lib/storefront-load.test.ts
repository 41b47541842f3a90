import { describe, expect, it } from 'vitest';
import { measureStorefrontLoad, storefrontLoadIntervalMs, storefrontLoadOf } from './storefront-load.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const intervals = (n: number) => pause(n * storefrontLoadIntervalMs + 30);

describe('the storefront’s load in shared memory', () => {
  it('reads 1 while a request is always under way, 0 once none is, whatever the thread does meanwhile', async () => {
    const load = measureStorefrontLoad();
    try {
      const ended = load.requestStarted();
      await intervals(2);
      expect(storefrontLoadOf(load.shared)).toBe(1);
      ended();
      // The thread kept busy without a request: not the buyers' load.
      const busyUntil = performance.now() + 3 * storefrontLoadIntervalMs;
      while (performance.now() < busyUntil) {
        const slice = performance.now() + 20;
        while (performance.now() < slice);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(storefrontLoadOf(load.shared)).toBe(0);
    } finally {
      load.stop();
    }
  });

  it('reads a least load while a request is under way, before the quarter second it came in was written', () => {
    const load = measureStorefrontLoad();
    try {
      expect(storefrontLoadOf(load.shared)).toBe(0);
      const ended = load.requestStarted();
      expect(storefrontLoadOf(load.shared)).toBeGreaterThan(0);
      ended();
      ended();
      expect(storefrontLoadOf(load.shared)).toBe(0);
    } finally {
      load.stop();
    }
  });

  it('reads the thread’s utilization while requests come in, though each is under way only a moment', async () => {
    const load = measureStorefrontLoad();
    try {
      const busyUntil = performance.now() + 3 * storefrontLoadIntervalMs;
      while (performance.now() < busyUntil) {
        load.requestStarted()();
        const slice = performance.now() + 20;
        while (performance.now() < slice);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(storefrontLoadOf(load.shared)).toBeGreaterThan(0.7);
    } finally {
      load.stop();
    }
  });

  it('reads the share of time with requests under way, overlapping ones counted once, an ended one ending once', async () => {
    const load = measureStorefrontLoad();
    try {
      for (let round = 0; round < 12; round++) {
        const first = load.requestStarted();
        const second = load.requestStarted();
        await pause(50);
        first();
        first();
        second();
        await pause(50);
      }
      const share = storefrontLoadOf(load.shared);
      expect(share).toBeGreaterThan(0.3);
      expect(share).toBeLessThan(0.7);
    } finally {
      load.stop();
    }
  });
});
