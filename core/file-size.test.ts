import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it.each([
    [0, 'de', '0 Byte'],
    [812, 'de', '812 Byte'],
    [812, 'en', '812 byte'],
    [250_880, 'de', '245 kB'],
    [1_258_291, 'de', '1,2 MB'],
    [1_258_291, 'en', '1.2 MB'],
    [50 * 1024 * 1024, 'de', '50 MB'],
  ])('%i bytes in %s: %s', (bytes, locale, text) => {
    expect(formatFileSize(bytes, locale)).toBe(text);
  });

  it('moves to the next unit where the rounded number would reach 1024', () => {
    expect(formatFileSize(1023, 'de')).toBe('1.023 Byte');
    expect(formatFileSize(1023.6, 'de')).toBe('1 kB');
    expect(formatFileSize(1024 * 1024 - 100, 'en')).toBe('1 MB');
  });
});
