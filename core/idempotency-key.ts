// The Idempotency-Key of placing an order (the API's header, the checkout page's hidden field): one key
// per checkout visit, so a second click or a reload of the post never makes a second order. 8 to 64
// letters, digits, '-' and '_': a UUID fits with or without its dashes, as do the keys clients commonly
// make, and the key stays short enough to be part of the provisional order number.

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** Whether `value` is an Idempotency-Key. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && idempotencyKeyPattern.test(value);
}

/** A new key for one checkout visit. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}
