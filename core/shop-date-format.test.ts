import { describe, expect, it } from 'vitest';
import { formatShopDate } from './shop-date-format.ts';

describe('formatShopDate', () => {
  it('shows a calendar day as itself and a moment as the shop’s day', () => {
    expect(formatShopDate('2026-03-31', 'de')).toBe('31.03.2026');
    expect(formatShopDate('2026-03-31', 'en')).toBe('31 Mar 2026');
    // 00:30 in Hamburg on 1 April is still 31 March in UTC.
    expect(formatShopDate('2026-03-31T22:30:00.000Z', 'de')).toBe('01.04.2026');
  });

  it('shows a moment’s time of day in the shop’s time zone, a calendar day without one', () => {
    expect(formatShopDate('2026-03-31T22:30:00.000Z', 'de', true)).toBe('01.04.2026, 00:30');
    expect(formatShopDate('2026-01-15T09:05:00.000Z', 'en', true)).toBe('15 Jan 2026, 10:05');
    expect(formatShopDate('2026-03-31', 'de', true)).toBe('31.03.2026');
  });

  it('answers nothing for nothing and the text itself for what is no date', () => {
    expect(formatShopDate(null, 'de')).toBe('');
    expect(formatShopDate('bald', 'de')).toBe('bald');
  });
});
