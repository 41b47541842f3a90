import { describe, expect, it } from 'vitest';
import { createBackgroundLoop } from './background-loop.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background loop', () => {
  it('runs a round at start and again after every pause, until stopped', async () => {
    let rounds = 0;
    const loop = createBackgroundLoop({ runRound: async () => void (rounds += 1), pauseMs: () => 5 });
    loop.start();
    await tick(60);
    await loop.stop();
    const stoppedAt = rounds;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    await tick(30);
    expect(rounds).toBe(stoppedAt);
  });

  it('never overlaps rounds, and stop waits for the round under way', async () => {
    let running = 0;
    let overlapped = false;
    let finished = 0;
    const loop = createBackgroundLoop({
      runRound: async () => {
        running += 1;
        overlapped ||= running > 1;
        await tick(15);
        running -= 1;
        finished += 1;
        return finished;
      },
      pauseMs: () => 1,
    });
    loop.start();
    const asked = await Promise.all([loop.runNow(), loop.runNow()]);
    expect(asked[1]).toBe(asked[0]! + 1);
    await loop.stop();
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
  });

  it('keeps going after a round that throws', async () => {
    let rounds = 0;
    const loop = createBackgroundLoop({
      runRound: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('first round fails');
      },
      pauseMs: () => 5,
    });
    loop.start();
    await tick(40);
    await loop.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
  });
});
