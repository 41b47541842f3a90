// The time the shop's services read: the system's in production. Tests give the app a clock they move
// on (tests/support/test-clock.ts) instead of waiting for a cache to expire or a link to run out.

export interface Clock {
  /** The current moment. */
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
