import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './pagination';

describe('pagination', () => {
  it.each([
    [0, 16, 0],
    [1, 16, 1],
    [16, 16, 1],
    [17, 16, 2],
    [2000, 16, 125],
  ])('%i products at %i a page make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    ['no pages', 1, 0, []],
    ['one page', 1, 1, [1]],
    ['the first of many', 1, 125, [1, 2, 'gap', 125]],
    ['the middle', 60, 125, [1, 'gap', 59, 60, 61, 'gap', 125]],
    ['the last', 125, 125, [1, 'gap', 124, 125]],
    ['near the start, with a one-page gap filled in', 4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    ['a few pages', 2, 4, [1, 2, 3, 4]],
  ])('for %s', (_, current, count, items) => {
    expect(pageItems(current, count)).toEqual(items);
  });
});
