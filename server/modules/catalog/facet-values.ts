// The filter panel's options (GET /api/material/getFilterableAttributes): attribute names with their
// values, both in a natural order ("Größe 9" before "Größe 10").

export interface FilterableAttribute {
  name: string;
  values: string[];
}

const naturalOrder = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

export function groupFacetValues(pairs: readonly { name: string; value: string }[]): FilterableAttribute[] {
  const valuesOf = new Map<string, Set<string>>();
  for (const { name, value } of pairs) {
    const values = valuesOf.get(name) ?? new Set<string>();
    values.add(value);
    valuesOf.set(name, values);
  }
  return [...valuesOf.entries()]
    .sort(([a], [b]) => naturalOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, values]) => ({
      name,
      values: [...values].sort((a, b) => naturalOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)),
    }));
}
