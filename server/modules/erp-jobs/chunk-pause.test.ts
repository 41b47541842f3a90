import { describe, expect, it } from 'vitest';
import { chunkPause } from './chunk-pause.ts';

describe('the pause of a load job after a chunk', () => {
  it('is the base pause while the request thread is idle', () => {
    expect(chunkPause(20, () => 0)(80)).toBe(20);
  });

  it('grows with the request thread’s load, up to as long again as the chunk took', () => {
    expect(chunkPause(20, () => 0.5)(80)).toBe(60);
    expect(chunkPause(20, () => 1)(80)).toBe(100);
  });

  it('takes a utilization out of range as its bound', () => {
    expect(chunkPause(20, () => 3)(80)).toBe(100);
    expect(chunkPause(20, () => -1)(80)).toBe(20);
  });
});
