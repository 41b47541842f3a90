import { describe, expect, it } from 'vitest';
import { createInFlightLimit } from './in-flight-limit.ts';

describe('the in-flight limit of an API client', () => {
  it('lets the limit in, refuses one more, and lets one in again once one is out; other clients are apart', () => {
    const limit = createInFlightLimit(2);
    const first = limit.enter(1)!;
    const second = limit.enter(1)!;
    expect(limit.enter(1)).toBeNull();
    expect(limit.enter(2)).not.toBeNull();
    first();
    first();
    const third = limit.enter(1);
    expect(third).not.toBeNull();
    expect(limit.enter(1)).toBeNull();
    second();
    third!();
  });
});
