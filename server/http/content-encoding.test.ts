import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsCoding, compressAnswer, compressPage, preferredCoding } from './content-encoding.ts';

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

describe('compressPage and compressAnswer', () => {
  const page = Buffer.from('<tr><td class="list-cell">Schraube M8 × 40</td></tr>'.repeat(500));
  it('compress so the client gets the same bytes back', async () => {
    for (const coding of ['br', 'gzip'] as const) {
      const decompress = coding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decompress(await compressPage(page, coding)).equals(page)).toBe(true);
      expect(decompress(compressAnswer(page, coding)).equals(page)).toBe(true);
    }
    expect((await compressPage(page, 'br')).length).toBeLessThan(page.length / 10);
  });
});
