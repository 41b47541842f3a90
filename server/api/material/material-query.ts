import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validation.ts';
import type { AttributeFilter, ListingFilters } from '../../modules/catalog/product-listing.repository.ts';
import { engineHitLimit } from '../../../core/search-engine.ts';
import { maxSearchKeyLength } from '../../../core/search-text.ts';
import type { ProductSearchQuery } from '../../modules/search/search.service.ts';

// Query strings of the material endpoints. Numbers must be plain digits ("1e3", "0x10" and " 7" are
// refused); flags are 1/true or 0/false.
//   category        a category id; lists it with all its subcategories; absent or empty: every product
//   page, pageSize  1-based page (default 1) of pageSize products (default 15, at most 100)
//   stockAvail=1    "show only available stock": products whose stock value is above zero
//   isPreOrderMode=1  only products with pre-stocks (what a pre-order needs)
//   attr[Name]=Value  the product or one of its active variants has that attribute value; a name given
//                   several times matches any of its values; different names must all match

export const defaultPageSize = 15;
export const maxPageSize = 100;
const maxAttributeNames = 10;
const maxValuesPerAttribute = 20;
const maxAttributeNameLength = 100;
const maxAttributeValueLength = 200;
const maxSkus = 100;
const maxSkuLength = 64;

const id = z
  .string({ error: 'validation.invalid' })
  .regex(/^\d{1,9}$/, { error: 'validation.invalid' })
  .transform(Number)
  .pipe(z.number().min(1, { error: 'validation.invalid' }));

/** An absent or empty parameter means "not given" (forms send `category=` for "all"). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'validation.invalid' }).transform((value) => value === '1' || value === 'true');

const listQuery = z.object({
  category: optional(id),
  page: optional(id),
  pageSize: optional(
    z
      .string({ error: 'validation.invalid' })
      .regex(/^\d{1,9}$/, { error: 'validation.invalid' })
      .transform(Number)
      .pipe(z.number().min(1, { error: 'validation.invalid' }).max(maxPageSize, { error: 'validation.page_size_too_large' })),
  ),
  stockAvail: optional(flag),
  isPreOrderMode: optional(flag),
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
    categoryId: parsed.category ?? null,
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? defaultPageSize,
    filters: {
      inStockOnly: parsed.stockAvail ?? false,
      preOrderOnly: parsed.isPreOrderMode ?? false,
      attributes: parseAttributeFilters(input),
    },
  };
}

/** GET /api/material/search: the key (checked by the search service, whose messages the spec names), paging and the two toggles. */
const searchQuery = listQuery.omit({ category: true }).extend({
  searchKey: z.union([z.string(), z.array(z.string())], { error: 'validation.invalid' }).optional(),
});

/** The search's default page: the external engine's limit, so both answer alike. */
export const defaultSearchPageSize = engineHitLimit;

export function parseSearchQuery(query: unknown): ProductSearchQuery {
  const parsed = parseInput(searchQuery, typeof query === 'object' && query !== null ? query : {});
  const key = Array.isArray(parsed.searchKey) ? (parsed.searchKey[0] ?? '') : (parsed.searchKey ?? '');
  if (key.length > maxSearchKeyLength) throw new AppError('validation', 'validation.too_long', { field: 'searchKey' });
  return {
    key,
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? defaultSearchPageSize,
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
    .regex(/^(\d{1,9}(,\d{1,9})*)?$/, { error: 'validation.invalid' })
    .transform((value) => (value === '' ? [] : [...new Set(value.split(',').map(Number))]))
    .pipe(z.array(z.number().min(1, { error: 'validation.invalid' })).max(maxEngineHits, { error: 'validation.too_many_items' })),
});

export function parseEngineHitsQuery(query: unknown): { key: string; ids: number[] } {
  const parsed = parseInput(engineHitsQuery, query);
  const key = parsed.searchKey ?? '';
  if (key.length > maxSearchKeyLength) throw new AppError('validation', 'validation.too_long', { field: 'searchKey' });
  return { key, ids: parsed.ids };
}

export const detailParams = z.object({ id });
export const detailQuery = z.object({ sku: optional(z.string().max(maxSkuLength)) });
export const categoryQuery = z.object({ category: id });

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
