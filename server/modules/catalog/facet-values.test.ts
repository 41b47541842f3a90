import { describe, expect, it } from 'vitest';
import { groupFacetValues } from './facet-values.ts';

describe('groupFacetValues', () => {
  it('groups values by name, without repeats, both in natural order', () => {
    expect(
      groupFacetValues([
        { name: 'Größe', value: 'Größe 10' },
        { name: 'Farbe', value: 'Weiß' },
        { name: 'Größe', value: 'Größe 9' },
        { name: 'Farbe', value: 'Anthrazit' },
        { name: 'Größe', value: 'Größe 10' },
        { name: 'Länge', value: '100 mm' },
        { name: 'Länge', value: '30 mm' },
      ]),
    ).toEqual([
      { name: 'Farbe', values: ['Anthrazit', 'Weiß'] },
      { name: 'Größe', values: ['Größe 9', 'Größe 10'] },
      { name: 'Länge', values: ['30 mm', '100 mm'] },
    ]);
  });

  it('answers no attributes for no values', () => {
    expect(groupFacetValues([])).toEqual([]);
  });
});
