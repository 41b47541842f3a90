import { describe, expect, it } from 'vitest';
import { earliestDeliveryDate } from './delivery-date.ts';

describe('earliestDeliveryDate', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '2026-11-24'], // Monday → Tuesday
    ['2026-11-27T10:00:00Z', '2026-11-30'], // Friday → Monday
    ['2026-11-28T23:59:00Z', '2026-11-30'], // Saturday → Monday
    ['2026-11-29T08:00:00Z', '2026-11-30'], // Sunday → Monday
    ['2026-12-31T12:00:00Z', '2027-01-01'], // across the year
    ['2026-11-25T23:30:00Z', '2026-11-27'], // Wednesday 23:30 UTC is already Thursday in Berlin → Friday
    ['2026-11-27T23:30:00Z', '2026-11-30'], // Friday 23:30 UTC is Saturday in Berlin → Monday
    ['2026-06-30T22:30:00Z', '2026-07-02'], // summer time: Tuesday 22:30 UTC is Wednesday in Berlin → Thursday
    ['2026-03-28T23:30:00Z', '2026-03-30'], // the night the clocks go forward: Sunday in Berlin → Monday
  ])('ordered at %s: %s', (now, expected) => {
    expect(earliestDeliveryDate(new Date(now))).toBe(expected);
  });
});
