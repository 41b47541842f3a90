import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { urlRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import type { AttributeFilter, ListingFilters } from '../../modules/catalog/product-listing.repository.ts';
import { pagingShape } from '../../../core/list-page.ts';
import { parseRecordId } from '../../../core/record-id.ts';
import { engineHitLimit } from '../../../core/search-engine.ts';
import { maxSearchKeyLength } from '../../../core/search-text.ts';
import type { ProductSearchQuery } from '../../modules/search/search.service.ts';

// Query strings of the material endpoints. Ids, pages and page sizes are read by the shop's one rule for
// each (core/record-id.ts, core/list-page.ts); flags are 1/true or 0/false.
//   category        a category id; lists it with all its subcategories; absent or empty: every product.
//                   A value that is no category id answers like an unknown category (404).
//   page, pageSize  1-based page (default 1) of pageSize products (default 15, at most 100)
//   stockAvail=1    "show only available stock": products whose stock value is above zero
//   isPreOrderMode=1  only products with pre-stocks (what a pre-order needs)
//   attr[Name]=Value  the product or one of its active variants has that attribute value; a name given
//                   several times matches any of its values; different names must all match

const defaultPageSize = 15;
const maxAttributeNames = 10;
const maxValuesPerAttribute = 20;
const maxAttributeNameLength = 100;
const maxAttributeValueLength = 200;
const maxSkus = 100;
const maxSkuLength = 64;

/** An absent or empty parameter means "not given" (forms send `category=` for "all"). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'validation.invalid' }).transform((value) => value === '1' || value === 'true');

const toggles = {
  stockAvail: optional(flag),
  isPreOrderMode: optional(flag),
};

const categoryParam = z.string({ error: 'validation.invalid' });

/** The category a query names; a value that is no record id is a category no one can see. */
export function categoryIdOf(value: string): number {
  return urlRecordId(value, 'error.category_not_found', 'category');
}

const listQuery = z.object({
  category: optional(categoryParam),
  ...pagingShape(defaultPageSize),
  ...toggles,
});

const attributeKey = /^attr\[(.*)\]$/;

/** Attribute filters as `attr[Farbe]=Rot`; a name given several times matches any of its values. */
export function parseAttributeFilters(query: Record<string, unknown>): AttributeFilter[] {
  const filters: AttributeFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const name = attributeKey.exec(key)?.[1];
    if (name === undefined) continue;
    const field = key;
    const values = [...new Set((Array.isArray(raw) ? raw : [raw]).filter((value): value is string => typeof value === 'string' && value !== ''))];
    if (name === '' || values.length === 0) throw new AppError('validation', 'validation.invalid', { field });
    if (name.length > maxAttributeNameLength || values.some((value) => value.length > maxAttributeValueLength)) {
      throw new AppError('validation', 'validation.too_long', { field });
    }
    if (values.length > maxValuesPerAttribute) throw new AppError('validation', 'validation.too_many_items', { field });
    filters.push({ name, values: values.sort() });
  }
  if (filters.length > maxAttributeNames) throw new AppError('validation', 'validation.too_many_items', { field: 'attr' });
  // A stable order makes equal filters share one cached count.
  return filters.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface ListQuery {
  categoryId: number | null;
  page: number;
  pageSize: number;
  filters: ListingFilters;
}

export function parseListQuery(query: unknown): ListQuery {
  const input = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  const parsed = parseInput(listQuery, input);
  return {
    categoryId: parsed.category === undefined ? null : categoryIdOf(parsed.category),
    page: parsed.page,
    pageSize: parsed.pageSize,
    filters: {
      inStockOnly: parsed.stockAvail ?? false,
      preOrderOnly: parsed.isPreOrderMode ?? false,
      attributes: parseAttributeFilters(input),
    },
  };
}

/** The search's default page: the external engine's limit, so both answer alike. */
const defaultSearchPageSize = engineHitLimit;

/** GET /api/material/search: the key (checked by the search service, whose messages the spec names), paging and the two toggles. */
const searchQuery = z.object({
  ...pagingShape(defaultSearchPageSize),
  ...toggles,
  searchKey: z.union([z.string(), z.array(z.string())], { error: 'validation.invalid' }).optional(),
});

export function parseSearchQuery(query: unknown): ProductSearchQuery {
  const parsed = parseInput(searchQuery, typeof query === 'object' && query !== null ? query : {});
  const key = Array.isArray(parsed.searchKey) ? (parsed.searchKey[0] ?? '') : (parsed.searchKey ?? '');
  if (key.length > maxSearchKeyLength) throw new AppError('validation', 'validation.too_long', { field: 'searchKey' });
  return {
    key,
    page: parsed.page,
    pageSize: parsed.pageSize,
    filters: { inStockOnly: parsed.stockAvail ?? false, preOrderOnly: parsed.isPreOrderMode ?? false },
  };
}

/** Ids an external engine found, at most one engine page and a half. */
const maxEngineHits = 50;

/** GET /api/material/searchHits: `searchKey` as for the search, `ids=12,40,7` in the engine's order (`ids=` when it found none: the categories still count). */
const engineHitsQuery = z.object({
  searchKey: z.string({ error: 'validation.invalid' }).optional(),
  ids: z
    .string({ error: 'validation.required' })
    .transform((value, context): number[] => {
      const ids = value === '' ? [] : value.split(',').map(parseRecordId);
      if (ids.every((id) => id !== null)) return [...new Set(ids)];
      context.addIssue({ code: 'custom', message: 'validation.invalid' });
      return z.NEVER;
    })
    .pipe(z.array(z.number()).max(maxEngineHits, { error: 'validation.too_many_items' })),
});

export function parseEngineHitsQuery(query: unknown): { key: string; ids: number[] } {
  const parsed = parseInput(engineHitsQuery, query);
  const key = parsed.searchKey ?? '';
  if (key.length > maxSearchKeyLength) throw new AppError('validation', 'validation.too_long', { field: 'searchKey' });
  return { key, ids: parsed.ids };
}

export const detailQuery = z.object({ sku: optional(z.string().max(maxSkuLength)) });
export const categoryQuery = z.object({ category: categoryParam });

/** `sku=A,B` or `sku=A&sku=B`: distinct skus in request order. */
export const imageQuery = z.object({
  sku: z
    .union([z.string(), z.array(z.string())], { error: 'validation.required' })
    .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((sku) => sku.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(maxSkuLength))
        .min(1, { error: 'validation.required' })
        .max(maxSkus, { error: 'validation.too_many_items' }),
    ),
});
