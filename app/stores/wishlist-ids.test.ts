import { describe, expect, it } from 'vitest';
import { withId, withoutId } from './wishlist-ids';

describe('wishlist ids', () => {
  it('adds a new id at the end', () => {
    expect(withId([3, 5], 8)).toEqual([3, 5, 8]);
  });

  it('skips an id already present', () => {
    expect(withId([3, 5], 3)).toEqual([3, 5]);
  });

  it('removes an id and leaves the list alone for an unknown one', () => {
    expect(withoutId([3, 5, 8], 5)).toEqual([3, 8]);
    expect(withoutId([3, 5], 9)).toEqual([3, 5]);
  });
});
