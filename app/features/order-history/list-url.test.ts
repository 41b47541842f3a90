import { describe, expect, it } from 'vitest';
import { downloadQuery, formValuesOf, pageOf } from './list-url';

describe('the URL of an account list', () => {
  it('gives each filter field what the URL carries, and an empty text for one it lacks', () => {
    const search = new URLSearchParams('search=PO-4711&status=3&unknown=x');
    expect(formValuesOf(search, ['search', 'from', 'status'] as const)).toEqual({ search: 'PO-4711', from: '', status: '3' });
  });

  it('reads the page leniently: anything but a page number within reach is page 1', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const page of ['', '0', '-2', '1.5', 'abc', '10001', '1e3x']) expect(pageOf(new URLSearchParams({ page }))).toBe(1);
    expect(pageOf(new URLSearchParams())).toBe(1);
  });

  it('downloads the list as filtered: the filters without empty fields, with the download’s own parameters', () => {
    expect(downloadQuery({ search: 'schraube & mutter', from: '', status: 'overdue' }, { format: 'xlsx' })).toBe('search=schraube+%26+mutter&status=overdue&format=xlsx');
    expect(downloadQuery({ search: '' }, { format: 'csv', withLines: '1' })).toBe('format=csv&withLines=1');
  });
});
