import { minSearchKeyLength } from '../../../core/search-text';

// The search term rules (docs/product.md, Catalogue): queries start only above two characters (after
// trimming), debounced by 300 ms; with the external engine, which answers in milliseconds, by 100 ms.

export const searchDebounceMs = 300;
export const engineSearchDebounceMs = 100;
/** Products per load in the header panel from the shop's own search ("load more" asks for the next page); the engine's pages have 20. */
export const panelPageSize = 5;
/** Matching categories listed in the header panel. */
export const panelCategoryCount = 5;

/** The term to search for, or null while the input is too short to start a query. */
export function searchTerm(input: string): string | null {
  const term = input.trim();
  return term.length >= minSearchKeyLength ? term : null;
}

/** The search page's address for a key: /search?key={text}. */
export function searchPagePath(key: string): string {
  return `/search?${new URLSearchParams({ key: key.trim() })}`;
}

/**
 * The active option after an arrow key in the combobox: -1 is the input itself. Down from the
 * input goes to the first option and from the last back to the first; up from the first goes back
 * to the input, and up from the input to the last option.
 */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (step === 1) return current < 0 || current >= count - 1 ? 0 : current + 1;
  if (current < 0) return count - 1;
  return current - 1;
}
