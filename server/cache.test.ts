import { describe, expect, it } from 'vitest';
import { createCaches, createTtlCache } from './cache.ts';
import type { Clock } from './lib/clock.ts';

function manualClock(): Clock & { advance(ms: number): void } {
  let time = Date.parse('2026-11-25T12:00:00Z');
  return { now: () => new Date(time), advance: (ms) => void (time += ms) };
}

describe('a cache entry', () => {
  it('is reused until its lifetime has passed on the clock, then loaded again', async () => {
    const clock = manualClock();
    const cache = createTtlCache<number>(clock, 2_000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1_999);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('is never reused with a lifetime of 0', async () => {
    const cache = createTtlCache<number>(manualClock(), 0);
    let loads = 0;
    await cache.get('k', () => Promise.resolve(++loads));
    await cache.get('k', () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });

  it('is not remembered when its load failed', async () => {
    const cache = createTtlCache<number>(manualClock(), 2_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve(7))).toBe(7);
  });
});

describe('the app’s caches', () => {
  it('give each kind of data its configured lifetime', async () => {
    const clock = manualClock();
    const caches = createCaches(clock, { sharedMs: 1_000, answerMs: 0, countMs: 30_000 });
    const [shared, answers, counts] = [caches.shared<number>(), caches.answers<number>(), caches.counts<number>()];
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    for (const cache of [shared, answers, counts]) await cache.get('k', load);
    clock.advance(1_000);
    expect([await shared.get('k', load), await answers.get('k', load), await counts.get('k', load)]).toEqual([4, 5, 3]);
  });
});
