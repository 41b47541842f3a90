import type { SearchAnswer } from '../../../core/catalog-types';
import { apiFetch, currentApiToken } from '../../lib/api-client';
import type { ShopHitsAnswer } from './engine-answer';
import { createEngineSession, type EngineTokenAnswer } from './engine-session';
import { engineSearchDebounceMs, searchDebounceMs } from './search-term';

// The header panel's one way to search. It knows nothing of the page it serves. With the site
// setting useSearchEngine the external engine answers (ADR 0009), in the same shape
// as the shop's own search, which answers otherwise and whenever the engine is off.
//
// Only the panel imports this module, so the engine's code loads with the panel, not with every page.

export interface SearchRequest {
  key: string;
  page: number;
  /** Products per page of the shop's own search; the engine's pages have 20 (see the answer's meta.pageSize). */
  pageSize: number;
  /** 'show only available stock' */
  stockAvail: boolean;
  preOrder: boolean;
  /** The site setting useSearchEngine: ask the external engine while it works. */
  useEngine?: boolean;
  signal?: AbortSignal;
}

/** GET /api/material/search, with the session's Authorization header. */
function searchBuiltIn({ key, page, pageSize, stockAvail, preOrder, signal }: SearchRequest): Promise<SearchAnswer> {
  const query = new URLSearchParams({
    searchKey: key,
    stockAvail: stockAvail ? '1' : '0',
    isPreOrderMode: preOrder ? '1' : '0',
    page: String(page),
    pageSize: String(pageSize),
  });
  return apiFetch<SearchAnswer>(`/api/material/search?${query}`, { signal });
}

// One per page load: the token and the health check are kept in memory, the engine's failure in
// sessionStorage.
const engine = createEngineSession({
  // Called bare: the browser's fetch throws when called as a method of another object.
  fetch: (url, init) => fetch(url, init),
  fetchToken: () => apiFetch<EngineTokenAnswer>('/api/search/token'),
  signedIn: currentApiToken,
  fetchHits: (key, ids, signal) => apiFetch<ShopHitsAnswer>(`/api/material/searchHits?${new URLSearchParams({ searchKey: key, ids: ids.join(',') })}`, { signal }),
  storage: () => window.sessionStorage,
  now: () => Date.now(),
});

/** One page of products for the panel: from the engine when asked for and working, else from the shop's own search. */
export function searchProducts(request: SearchRequest): Promise<SearchAnswer> {
  return request.useEngine ? engine.search(request, () => searchBuiltIn(request)) : searchBuiltIn(request);
}

/** How long the panel waits after a keystroke: the engine answers fast enough to ask sooner (300 ms without it). */
export function searchDelayMs(useEngine: boolean): number {
  return useEngine && !engine.isOff() ? engineSearchDebounceMs : searchDebounceMs;
}
