import { describe, expect, it } from 'vitest';
import { parseNdjson } from './ndjson.ts';

describe('NDJSON bodies', () => {
  it('reads one value per line, passing over blank lines and a final newline', () => {
    expect(parseNdjson('{"sku":"A"}\n\n{"sku":"B"}\r\n')).toEqual([{ sku: 'A' }, { sku: 'B' }]);
  });

  it('refuses a broken line by its number', () => {
    expect(() => parseNdjson('{"sku":"A"}\n{"sku":\n')).toThrow(expect.objectContaining({ messageKey: 'api.ndjson.invalid', params: { line: 2 } }));
  });
});
