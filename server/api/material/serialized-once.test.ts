import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './serialized-once.ts';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip, deflate, br, zstd', true],
    ['br', false],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['gzip;q=0.5', true],
    ['*', true],
    ['*;q=0', false],
    ['identity', false],
    ['x-gzip', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
