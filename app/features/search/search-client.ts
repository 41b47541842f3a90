import type { SearchAnswer } from '../../../core/catalog-types';
import { apiFetch } from '../../lib/api-client';

// The header panel's one way to search. It knows nothing of the page it serves: an external search
// engine (spec sections 3, 4 and 7: used when enabled, the shop's own search otherwise) plugs in
// here, answering in the same shape.

export interface SearchRequest {
  key: string;
  page: number;
  pageSize: number;
  /** 'show only available stock' */
  stockAvail: boolean;
  preOrder: boolean;
  signal?: AbortSignal;
}

/** GET /api/material/search (spec section 7), with the session's Authorization header. */
export function searchProducts({ key, page, pageSize, stockAvail, preOrder, signal }: SearchRequest): Promise<SearchAnswer> {
  const query = new URLSearchParams({
    searchKey: key,
    stockAvail: stockAvail ? '1' : '0',
    isPreOrderMode: preOrder ? '1' : '0',
    page: String(page),
    pageSize: String(pageSize),
  });
  return apiFetch<SearchAnswer>(`/api/material/search?${query}`, { signal });
}
