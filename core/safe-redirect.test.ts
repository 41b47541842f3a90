import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/', '/'],
    ['/category/werkzeug-1?page=2#top', '/category/werkzeug-1?page=2#top'],
    ['/search?key=a%20b', '/search?key=a%20b'],
    ['/a/../b', '/b'],
  ])('keeps the shop path %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    '//example.com',
    '/\\example.com',
    '/\texample.com',
    '/\t/example.com',
    '/\n/example.com',
    '/\r/example.com',
    '/\u0000/example.com',
    ' /example.com',
    '/ /example.com',
    '/.//example.com',
    '/%2e//example.com',
    'https://example.com',
    'javascript:alert(1)',
    'example.com',
    '',
    `/${'a'.repeat(5000)}`,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('refuses what is not a string and uses the given fallback', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(['/a'], '/landing')).toBe('/landing');
  });

  it('never answers a path a browser reads as another origin', () => {
    // Every two-character prefix after the slash, including all control characters.
    for (let a = 0; a < 128; a++) {
      for (const b of ['/', '\\', 'e']) {
        const target = safeRedirectPath(`/${String.fromCharCode(a)}${b}example.com/x`);
        expect(new URL(target, 'https://shop.example').origin).toBe('https://shop.example');
      }
    }
  });
});
