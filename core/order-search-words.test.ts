import { describe, expect, it } from 'vitest';
import { orderLinesSearchText, searchWordsOf } from './order-search-words.ts';

describe('searchWordsOf', () => {
  it('keeps runs of letters and digits in lower case, one space apart', () => {
    expect(searchWordsOf('MAT-000112-XL')).toBe('mat 000112 xl');
    expect(searchWordsOf('  Größe × 25,4 mm — Ø 16 ')).toBe('größe 25 4 mm ø 16');
    expect(searchWordsOf('Fuchs & Söhne')).toBe('fuchs söhne');
  });

  it('has no words for a text of separators only', () => {
    for (const text of ['', '   ', '%', '_-/', '"\'']) expect(searchWordsOf(text)).toBe('');
  });
});

describe('orderLinesSearchText', () => {
  it('holds each line’s sku, variant sku and name once', () => {
    const lines = [
      { sku: 'MAT-1', variant_sku: 'MAT-1-XL', name: 'Jacke, Größe XL' },
      { sku: 'MAT-2', variant_sku: null, name: 'Schraube 4×40' },
      { sku: 'MAT-2', variant_sku: null, name: 'Schraube 4×40' },
    ];
    expect(orderLinesSearchText(lines)).toBe('mat 1 mat 1 xl jacke größe xl mat 2 schraube 4 40');
  });
});
