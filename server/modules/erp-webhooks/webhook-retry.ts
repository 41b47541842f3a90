// When a failed webhook delivery is tried again (docs/erp-integration.md, Webhooks): after growing pauses
// as the Standard Webhooks spec suggests, or after what the receiver's Retry-After asked for; after 24
// hours of failures the endpoint is disabled.

const pausesMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];

export const webhookGiveUpAfterMs = 24 * 3_600_000;

/** The pause after the `attempts`-th failed attempt (1 after the first). */
export function webhookRetryPauseMs(attempts: number): number {
  return pausesMs[Math.min(attempts, pausesMs.length) - 1]!;
}

/** A Retry-After header's pause (seconds or an HTTP date), at most a day; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), webhookGiveUpAfterMs);
}

/** Whether an answer is worth trying again: 5xx, 408 and 429 are; other statuses end the delivery. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
