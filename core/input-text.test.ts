import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './input-text.ts';

describe('hasControlCharacters', () => {
  it('finds NUL, the other C0 characters and DEL', () => {
    for (let code = 0; code < 32; code++) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`)).toBe(true);
    expect(hasControlCharacters('a\u007fb')).toBe(true);
  });

  it('lets multi-line text keep tabs and line breaks, nothing else', () => {
    expect(hasControlCharacters('line 1\r\n\tline 2', { multiLine: true })).toBe(false);
    expect(hasControlCharacters('line 1\u0000', { multiLine: true })).toBe(true);
    expect(hasControlCharacters('a\u000bb', { multiLine: true })).toBe(true);
  });

  it('accepts ordinary text in any script', () => {
    expect(hasControlCharacters('Müller & Söhne – Straße 1, 12 V, 😀')).toBe(false);
    expect(hasControlCharacters('')).toBe(false);
  });
});
