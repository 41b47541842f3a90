import { describe, expect, it } from 'vitest';
import { statusAfterEdit, statusOfNewReview } from './review-status.ts';

describe('the status of a review', () => {
  it('is published at once, or pending where the seller approves reviews first', () => {
    expect(statusOfNewReview(false)).toBe('published');
    expect(statusOfNewReview(true)).toBe('pending');
  });

  it('after a change: pending where the seller approves first; else published, but hidden stays hidden', () => {
    for (const current of ['published', 'pending', 'hidden'] as const) expect(statusAfterEdit(current, true)).toBe('pending');
    expect(statusAfterEdit('published', false)).toBe('published');
    expect(statusAfterEdit('pending', false)).toBe('published');
    expect(statusAfterEdit('hidden', false)).toBe('hidden');
  });
});
