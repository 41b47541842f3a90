import { describe, expect, it } from 'vitest';
import { cleanPacks, customAttributesFromRows, packsTotal, rowsFromCustomAttributes } from './line-details';

describe('packs', () => {
  it('keeps rows with a positive number of packs and size, as whole numbers', () => {
    expect(cleanPacks([{ quantity: '2', size: 6 }, { quantity: 0, size: 12 }, { quantity: 3, size: '' }, { quantity: 1.7, size: 10 }])).toEqual([
      { quantity: 2, size: 6 },
      { quantity: 1, size: 10 },
    ]);
  });

  it('adds up the pieces the packs hold', () => {
    expect(packsTotal([{ quantity: 2, size: 6 }, { quantity: 1, size: 10 }])).toBe(22);
    expect(packsTotal([])).toBe(0);
  });
});

describe('custom attributes', () => {
  it('store a blank value as a space and leave out rows without a name', () => {
    expect(
      customAttributesFromRows([
        { name: ' Kommission ', value: 'Baustelle Nord' },
        { name: 'Hinweis', value: '   ' },
        { name: '', value: 'lost' },
      ]),
    ).toEqual({ Kommission: 'Baustelle Nord', Hinweis: ' ' });
  });

  it('are null when no row has a name', () => {
    expect(customAttributesFromRows([{ name: ' ', value: 'x' }])).toBeNull();
  });

  it('show a stored space as an empty field again', () => {
    expect(rowsFromCustomAttributes({ Hinweis: ' ', Kommission: 'A' })).toEqual([
      { name: 'Hinweis', value: '' },
      { name: 'Kommission', value: 'A' },
    ]);
    expect(rowsFromCustomAttributes(null)).toEqual([]);
  });
});
