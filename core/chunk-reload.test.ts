import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReloadAfterChunkError } from './chunk-reload.ts';

describe('mayReloadAfterChunkError', () => {
  it.each([
    ['never reloaded before', null, 1_000_000, true],
    ['reloaded 10 s ago', 990_000, 1_000_000, false],
    ['reloaded exactly a minute ago', 940_000, 1_000_000, true],
    ['garbage in storage counts as never', Number.NaN, 1_000_000, true],
  ])('%s', (_name, last, now, expected) => {
    expect(mayReloadAfterChunkError(last, now)).toBe(expected);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
