import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryAfterMs, webhookRetryPauseMs } from './webhook-retry.ts';

describe('webhook retries', () => {
  it('pauses longer after each failed attempt, at most 10 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(webhookRetryPauseMs)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 36_000_000]);
  });

  it('reads Retry-After as seconds or as an HTTP date, at most a day', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('999999', now)).toBe(24 * 3_600_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('tries 5xx, 408 and 429 again, no other status', () => {
    expect([500, 503, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 410, 422, 301].some(isRetryableStatus)).toBe(false);
  });
});
