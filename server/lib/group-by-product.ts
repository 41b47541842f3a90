// Rows of many products (images, prices, pre-stocks …) read with one `in (…)` query, grouped by product
// in the order they came.

export function groupByProduct<T extends { product_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.product_id);
    if (group) group.push(row);
    else groups.set(row.product_id, [row]);
  }
  return groups;
}
