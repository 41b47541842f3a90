import { describe, expect, it } from 'vitest';
import { moveActive, searchPagePath, searchTerm } from './search-term';

describe('searchTerm', () => {
  it('starts a query only above two characters, after trimming', () => {
    expect(searchTerm('')).toBeNull();
    expect(searchTerm('ak')).toBeNull();
    expect(searchTerm('  ak  ')).toBeNull();
    expect(searchTerm('akk')).toBe('akk');
    expect(searchTerm('  Akku Bohrer ')).toBe('Akku Bohrer');
  });
});

describe('searchPagePath', () => {
  it('puts the trimmed key into the query string', () => {
    expect(searchPagePath(' Akku ')).toBe('/search?key=Akku');
    expect(searchPagePath('Dübel & Co')).toBe('/search?key=D%C3%BCbel+%26+Co');
    expect(new URLSearchParams(searchPagePath('12 V').split('?')[1]).get('key')).toBe('12 V');
  });
});

describe('moveActive', () => {
  it('goes down from the input to the first option, and wraps from the last to the first', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
  });

  it('goes up from the first option back to the input, and from the input to the last', () => {
    expect(moveActive(1, 3, -1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(-1);
    expect(moveActive(-1, 3, -1)).toBe(2);
  });

  it('stays on the input without options, and recovers from an index beyond a shorter list', () => {
    expect(moveActive(-1, 0, 1)).toBe(-1);
    expect(moveActive(4, 0, -1)).toBe(-1);
    expect(moveActive(7, 3, 1)).toBe(0);
  });
});
