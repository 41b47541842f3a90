import { describe, expect, it } from 'vitest';
import { isIdempotencyKey, newIdempotencyKey } from './idempotency-key.ts';

describe('an Idempotency-Key', () => {
  it.each(['abcdefgh', 'A1_b2-C3', 'x'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e'])('%s is one', (key) => {
    expect(isIdempotencyKey(key)).toBe(true);
  });

  it.each(['short', 'x'.repeat(65), 'with space', 'umläute1', 'a/b/c/d/e', 'abcdefg\n', '', 12345678, null, undefined, ['abcdefgh']])('%j is none', (key) => {
    expect(isIdempotencyKey(key)).toBe(false);
  });

  it('is made new for every checkout visit, in the form the API takes', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(isIdempotencyKey(key)).toBe(true);
  });
});
