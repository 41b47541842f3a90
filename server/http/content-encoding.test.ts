import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsCoding, compressAsync, preferredCoding } from './content-encoding.ts';

describe('acceptsCoding', () => {
  it.each([
    [undefined, 'gzip', false],
    ['', 'gzip', false],
    ['gzip, deflate, br, zstd', 'gzip', true],
    ['gzip, deflate, br, zstd', 'br', true],
    ['br', 'gzip', false],
    ['GZIP', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['gzip; q=0.0', 'gzip', false],
    ['gzip;q=0.5', 'gzip', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['identity', 'gzip', false],
    ['x-gzip', 'gzip', false],
  ] as const)('%s allows %s: %s', (header, coding, expected) => {
    expect(acceptsCoding(header, coding)).toBe(expected);
  });
});

describe('preferredCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });
});

describe('compressAsync', () => {
  const page = Buffer.from('<tr><td class="list-cell">Schraube M8 × 40</td></tr>'.repeat(500));
  it('compresses so the client gets the same bytes back', async () => {
    const brotli = await compressAsync(page, 'br');
    const gzip = await compressAsync(page, 'gzip');
    expect(brotliDecompressSync(brotli).equals(page)).toBe(true);
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(brotli.length).toBeLessThan(page.length / 10);
  });
});
