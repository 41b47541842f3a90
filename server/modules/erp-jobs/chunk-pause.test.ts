import { describe, expect, it } from 'vitest';
import { chunkPause, pacedTurns, stepAside } from './chunk-pause.ts';

const pauseOf = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the pause of a load job after a chunk', () => {
  it('is the base pause only once per 100 ms of work while no buyer is about, so a job at night runs nearly at full speed', () => {
    const pause = chunkPause(20, () => 0);
    expect([30, 30, 30, 30, 30, 30, 30, 30].map(pause)).toEqual([0, 0, 0, 20, 0, 0, 0, 20]);
    expect(chunkPause(20, () => 0)(120)).toBe(20);
  });

  it('is at least the base pause while a buyer is about', () => {
    expect(chunkPause(20, () => 0.001)(80)).toBeCloseTo(20.08);
  });

  it('grows with the buyers’ load, up to as long again as the chunk took', () => {
    expect(chunkPause(20, () => 0.5)(80)).toBe(60);
    expect(chunkPause(20, () => 1)(80)).toBe(100);
  });

  it('takes a load out of range as its bound', () => {
    expect(chunkPause(20, () => 3)(80)).toBe(100);
    expect(chunkPause(20, () => -1)(120)).toBe(20);
  });
});

describe('paced turns', () => {
  it('runs one task at a time, the next after the pause the last one earned', async () => {
    const run = pacedTurns(pauseOf(40));
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} start ${Math.round(performance.now())}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push(`${name} end ${Math.round(performance.now())}`);
      return name;
    };
    const started = performance.now();
    expect(await Promise.all([run(task('a')), run(task('b'))])).toEqual(['a', 'b']);
    const at = (entry: string) => Number(entry.split(' ')[2]);
    expect(events.map((entry) => entry.split(' ').slice(0, 2).join(' '))).toEqual(['a start', 'a end', 'b start', 'b end']);
    // The first waits for nothing; the second starts at least the pause after the first ended.
    expect(at(events[0]!) - started).toBeLessThan(30);
    expect(at(events[2]!) - at(events[1]!)).toBeGreaterThanOrEqual(38);
  });

  it('goes on after a task that failed', async () => {
    const run = pacedTurns(pauseOf(0));
    await expect(run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await run(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('the pause of a PUT load', () => {
  it('is none while the shop has no buyers, and up to twice the load’s time when it is busy', () => {
    expect(chunkPause(0, () => 0, 2)(80)).toBe(0);
    expect(chunkPause(0, () => 1, 2)(80)).toBe(160);
  });
});

describe('stepping aside while the shop is saturated', () => {
  it('waits for it to ease after the pause, and no longer than the bound', async () => {
    let load = 1;
    setTimeout(() => (load = 0.5), 250);
    let started = performance.now();
    await stepAside(() => 10, () => load, 5_000)(0);
    const eased = performance.now() - started;
    expect(eased).toBeGreaterThanOrEqual(240);
    expect(eased).toBeLessThan(1_000);

    load = 0.95;
    started = performance.now();
    await stepAside(() => 10, () => load, 300)(0);
    const bounded = performance.now() - started;
    expect(bounded).toBeGreaterThanOrEqual(300);
    expect(bounded).toBeLessThan(1_000);
  });

  it('waits only the pause while the shop is below saturation', async () => {
    const started = performance.now();
    await stepAside(() => 20, () => 0.85, 5_000)(0);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
