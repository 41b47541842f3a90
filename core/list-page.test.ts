import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxPage, maxPageSize, pageOfUrl, pagingShape, parsePage } from './list-page.ts';

describe('a page of a list', () => {
  it('is a whole number from 1 to the furthest page, as digits or a JSON number', () => {
    expect([parsePage('1'), parsePage('3'), parsePage(3), parsePage(String(maxPage))]).toEqual([1, 3, 3, maxPage]);
  });

  it.each(['0', '-1', '1e3', '007', '1.5', 'abc', '', ' 2', String(maxPage + 1), String(2 ** 53), 0, 1.5, null, undefined, ['2']])('%j is no page', (value) => {
    expect(parsePage(value)).toBeNull();
  });

  it('is read leniently from a page’s URL: anything but a page within reach is page 1', () => {
    expect(pageOfUrl(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOfUrl(new URLSearchParams('activityPage=4'), 'activityPage')).toBe(4);
    for (const page of ['', '0', '-2', '1.5', 'abc', '10001', '1e3', '007']) expect(pageOfUrl(new URLSearchParams({ page }))).toBe(1);
    expect(pageOfUrl(new URLSearchParams())).toBe(1);
  });
});

describe('the paging schema', () => {
  const query = z.object(pagingShape(15));
  const problems = (input: unknown) => query.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('gives page 1 and the list’s own page size when none is asked for, or an empty one', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 15 });
    expect(query.parse({ page: '', pageSize: '' })).toEqual({ page: 1, pageSize: 15 });
    expect(query.parse({ page: '4', pageSize: String(maxPageSize) })).toEqual({ page: 4, pageSize: maxPageSize });
  });

  it('refuses what is no page or page size, and a page size above the most a page holds', () => {
    expect(problems({ page: '007' })).toEqual([['page', 'validation.invalid']]);
    expect(problems({ page: '10001' })).toEqual([['page', 'validation.invalid']]);
    expect(problems({ page: ['1', '2'] })).toEqual([['page', 'validation.invalid']]);
    expect(problems({ pageSize: '0' })).toEqual([['pageSize', 'validation.invalid']]);
    expect(problems({ pageSize: '1e2' })).toEqual([['pageSize', 'validation.invalid']]);
    expect(problems({ pageSize: String(maxPageSize + 1) })).toEqual([['pageSize', 'validation.page_size_too_large']]);
  });
});
