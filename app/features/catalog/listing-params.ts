import { pageOfUrl } from '../../../core/list-page';

// The category page's state lives in its URL (the two toggles, view, page and attribute filters;
// docs/product.md, Catalogue), so the server renders the right list and a link shows the same list to
// whoever opens it. Attribute filters use the API's own notation, `attr[Farbe]=Rot`.

export const productListPageSize = 16;

export type CategoryView = 'list' | 'grid';

export interface AttributeSelection {
  name: string;
  values: string[];
}

export interface ListingParams {
  page: number;
  /** 'show only available stock' */
  stockAvail: boolean;
  preOrder: boolean;
  /** null: the shop's default view. */
  view: CategoryView | null;
  attributes: AttributeSelection[];
}

const attributeKey = /^attr\[(.+)\]$/;

export function attributeParam(name: string): string {
  return `attr[${name}]`;
}

/** Lenient on purpose: a hand-edited URL shows the nearest sensible list instead of an error page. */
export function readListingParams(search: URLSearchParams): ListingParams {
  const view = search.get('view');
  const attributes = new Map<string, string[]>();
  for (const [key, value] of search) {
    const name = attributeKey.exec(key)?.[1];
    if (!name || value === '') continue;
    const values = attributes.get(name) ?? [];
    if (!values.includes(value)) values.push(value);
    attributes.set(name, values);
  }
  return {
    page: pageOfUrl(search),
    stockAvail: search.get('stockAvail') === '1',
    preOrder: search.get('preOrder') === '1',
    view: view === 'list' || view === 'grid' ? view : null,
    attributes: [...attributes].map(([name, values]) => ({ name, values })),
  };
}

/**
 * The query string after a change: `null` removes a parameter. Any change but paging starts again
 * at page 1, since the old page number means nothing in a different list.
 */
export function listingSearch(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  if (next.get('page') === '1') next.delete('page');
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The query string with one attribute value switched on or off. */
export function toggledAttributeSearch(current: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(current);
  next.delete('page');
  const key = attributeParam(name);
  const values = next.getAll(key);
  next.delete(key);
  for (const kept of values.includes(value) ? values.filter((v) => v !== value) : [...values, value]) next.append(key, kept);
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The query string without any attribute filter. */
export function withoutAttributesSearch(current: URLSearchParams): string {
  const next = new URLSearchParams([...current].filter(([key]) => !attributeKey.test(key) && key !== 'page'));
  const query = next.toString();
  return query ? `?${query}` : '';
}
