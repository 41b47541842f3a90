import { describe, expect, it } from 'vitest';
import { downloadQuery, formValuesOf } from './list-url';

describe('the URL of an account list', () => {
  it('gives each filter field what the URL carries, and an empty text for one it lacks', () => {
    const search = new URLSearchParams('search=PO-4711&status=3&unknown=x');
    expect(formValuesOf(search, ['search', 'from', 'status'] as const)).toEqual({ search: 'PO-4711', from: '', status: '3' });
  });

  it('downloads the list as filtered: the filters without empty fields, with the download’s own parameters', () => {
    expect(downloadQuery({ search: 'schraube & mutter', from: '', status: 'overdue' }, { format: 'xlsx' })).toBe('search=schraube+%26+mutter&status=overdue&format=xlsx');
    expect(downloadQuery({ search: '' }, { format: 'csv', withLines: '1' })).toBe('format=csv&withLines=1');
  });
});
