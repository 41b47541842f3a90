import { normaliseQuantity } from '../../../core/quantity';

// The packs and custom attributes of a cart line as the modals edit them: rows in a form, turned
// into what the basket stores.

export interface PackRow {
  quantity: number;
  size: number;
}

export interface AttributeRow {
  name: string;
  value: string;
}

/** Rows with a number of packs and a size both above 0, as whole numbers. */
export function cleanPacks(rows: readonly { quantity: unknown; size: unknown }[]): PackRow[] {
  return rows
    .map((row) => ({ quantity: normaliseQuantity(row.quantity), size: normaliseQuantity(row.size) }))
    .filter((row) => row.quantity > 0 && row.size > 0);
}

/** How many pieces the packs hold together: the line's quantity once packs are set. */
export function packsTotal(packs: readonly PackRow[]): number {
  return packs.reduce((total, pack) => total + pack.quantity * pack.size, 0);
}

/**
 * Named rows as the line's custom attributes. A row without a name is left out. A blank value is
 * stored as a single space (a blank custom attribute needs a space), so the attribute
 * stays on the order instead of disappearing as empty.
 */
export function customAttributesFromRows(rows: readonly AttributeRow[]): Record<string, string> | null {
  const entries = rows
    .map((row) => [row.name.trim(), row.value.trim() === '' ? ' ' : row.value] as const)
    .filter(([name]) => name !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

export function rowsFromCustomAttributes(attributes: Record<string, string> | null): AttributeRow[] {
  return Object.entries(attributes ?? {}).map(([name, value]) => ({ name, value: value.trim() === '' ? '' : value }));
}
