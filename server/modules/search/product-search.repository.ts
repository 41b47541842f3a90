import { sql, type RawBuilder } from 'kysely';
import { maxCountedSearchMatches, minIndexedWordLength } from '../../../core/search-text.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { ListingFilters } from '../catalog/product-listing.repository.ts';

// The product search's SQL (ADR 0008). The match differs by engine — SQLite asks its FTS5 trigram
// table, PostgreSQL its pg_trgm-indexed documents with LIKE — the rest is shared: tenant, active,
// hidden categories, stock filters. Exact sku and variant sku hits are index lookups of their own;
// the other matches come in name order.

/** Folded search words, each with the known words a typo in it may stand for: [typed, ...corrections]. */
export type SearchWords = readonly (readonly string[])[];

export interface SearchScope {
  tenantId: number;
  hiddenCategoryIds: readonly number[];
  filters: Pick<ListingFilters, 'inStockOnly' | 'preOrderOnly'>;
}

/** Up to this many matches, reading them all and sorting by name beats walking the name index. */
const fewMatches = 200;


export function createProductSearchRepository(db: Database) {
  const engine = engineOf(db);

  /** Ids of the products whose search documents contain, of every group, one of its words. */
  function matchingIds(words: SearchWords): RawBuilder<unknown> {
    if (engine === 'sqlite') {
      // A group with a corrected typo holds words of five letters or more; a short word stands alone.
      const indexed = words.filter((group) => group[0]!.length >= minIndexedWordLength);
      const short = words.filter((group) => group[0]!.length < minIndexedWordLength).map((group) => group[0]!);
      const conditions: RawBuilder<unknown>[] = [];
      // An FTS5 phrase in double quotes is matched as written (quotes inside are doubled).
      const phrase = (word: string) => `"${word.replaceAll('"', '""')}"`;
      if (indexed.length > 0) conditions.push(sql`doc match ${indexed.map((group) => `(${group.map(phrase).join(' OR ')})`).join(' AND ')}`);
      // instr, not LIKE: FTS5 would answer a LIKE shorter than a trigram by reading every document,
      // while instr only checks the documents the longer words found. Short words are digits and
      // units ("12 V"), which lower() folds well enough.
      for (const word of short) conditions.push(sql`instr(lower(doc), ${word}) > 0`);
      return sql`select rowid as product_id from product_search where ${sql.join(conditions, sql` and `)}`;
    }
    const contains = (word: string) => sql`doc like ${containsPattern(word)}`;
    return sql`select product_id from product_search where ${sql.join(
      words.map((group) => sql`(${sql.join(group.map(contains), sql` or `)})`),
      sql` and `,
    )}`;
  }

  function visible(scope: SearchScope): RawBuilder<unknown> {
    const conditions = [sql`p.tenant_id = ${scope.tenantId}`, sql`p.is_active = 1`];
    if (scope.hiddenCategoryIds.length > 0) conditions.push(sql`p.category_id not in (${sql.join(scope.hiddenCategoryIds)})`);
    if (scope.filters.inStockOnly) conditions.push(sql`p.stock > 0`);
    if (scope.filters.preOrderOnly) conditions.push(sql`p.has_pre_stock = 1`);
    return sql.join(conditions, sql` and `);
  }

  /**
   * PostgreSQL's page of a word with many matches. Walking the products in name order and testing each
   * one's document (a lookup and a LIKE, 4.5–10 µs a product) stops after one page when the matches are
   * spread over the names; a word found in one stretch of names only (a maker's name) would walk tens of
   * thousands of products first (57,852 for "lindne" at 100,000 products: 263 ms). So the walk stops
   * after a bound, past which the matches are collected and sorted (some 2.5 µs a match). A word counted
   * below the cap walks about twice what collecting its matches costs; a word with the cap of matches or
   * more walks as far as such a word spread evenly over the catalogue would need for this page (a
   * fiftieth of the catalogue for the first page), the catalogue's size as PostgreSQL's statistics keep it.
   */
  async function postgresPageOfMany(words: SearchWords, scope: SearchScope, matches: number, excluded: RawBuilder<unknown>, offset: number, limit: number): Promise<number[]> {
    const depth = offset + limit;
    const walkBound =
      matches >= maxCountedSearchMatches
        ? sql`greatest(${4 * depth}::bigint, ceil((select reltuples from pg_class where oid = 'products'::regclass) * ${depth} / ${maxCountedSearchMatches})::bigint)`
        : sql`${Math.max(2 * matches, 4 * depth)}::bigint`;
    const walked = await sql<{ id: number }>`
      select w.id from (select p.id, p.name from products p where ${visible(scope)} ${excluded} order by p.name, p.id limit ${walkBound}) w
       where w.id in (${matchingIds(words)})
       order by w.name, w.id
       limit ${limit} offset ${offset}`.execute(db);
    if (walked.rows.length === limit) return walked.rows.map((row) => Number(row.id));
    // The matches as one array looked up by key; joined as a table, PostgreSQL hashed every product.
    const collected = await sql<{ id: number }>`
      select p.id from products p
       where p.id = any (array(${matchingIds(words)})) and ${visible(scope)} ${excluded}
       order by p.name, p.id
       limit ${limit} offset ${offset}`.execute(db);
    return collected.rows.map((row) => Number(row.id));
  }

  return {
    /** Visible products whose sku or active variant's sku is one of `skus`, with the variant sku that matched. */
    async findExactSkus(skus: readonly string[], scope: SearchScope): Promise<{ id: number; variantSku: string | null }[]> {
      const { rows } = await sql<{ id: number; variant_sku: string | null }>`
        select p.id, null as variant_sku from products p where p.sku in (${sql.join(skus)}) and ${visible(scope)}
        union all
        select p.id, v.variant_sku from product_variants v join products p on p.id = v.product_id
         where v.tenant_id = ${scope.tenantId} and v.variant_sku in (${sql.join(skus)}) and v.is_active = 1 and ${visible(scope)}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), variantSku: row.variant_sku }));
    },

    /** How many visible products match every word, counted up to maxCountedSearchMatches (counting thousands costs more than finding a page). */
    async countMatches(words: SearchWords, scope: SearchScope): Promise<number> {
      // SQLite: the trigram table leads and each match's product is looked up by its key, so counting
      // stops at the cap; `p.id in (…)` would collect every match first (a three-letter prefix matches tens
      // of thousands: 7.7 against 0.7 ms at 100,000 products, and ten times that at a million).
      const counted =
        engine === 'sqlite'
          ? sql`select 1 from (${matchingIds(words)}) m cross join products p on p.id = m.product_id where ${visible(scope)} limit ${maxCountedSearchMatches}`
          : sql`select 1 from products p where p.id in (${matchingIds(words)}) and ${visible(scope)} limit ${maxCountedSearchMatches}`;
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from (${counted}) matches`.execute(db);
      return Number(rows[0]?.total ?? 0);
    },

    /** The distinct words of the product names, as the database keeps them (migration 0009). */
    async findNameWords(): Promise<string[]> {
      const { rows } =
        engine === 'sqlite'
          ? await sql<{ word: string }>`select term as word from product_words_vocab where length(term) >= 5`.execute(db)
          : await sql<{ word: string }>`select word from search_words`.execute(db);
      return rows.map((row) => row.word);
    },

    /** One page of the visible products that match every word, in name order, leaving out `excludedIds`. */
    async findPageIds(words: SearchWords, scope: SearchScope, matches: number, excludedIds: readonly number[], offset: number, limit: number): Promise<number[]> {
      const excluded = excludedIds.length > 0 ? sql`and p.id not in (${sql.join(excludedIds)})` : sql``;
      if (engine === 'postgres' && matches > fewMatches) return postgresPageOfMany(words, scope, matches, excluded, offset, limit);
      // Few matches: read them and sort. Many (SQLite): walk the products in name order (an index that
      // carries every filter column) and keep those in the match set, which stops after one page; the
      // set costs some 0.2 µs a match and the walk 0.15 µs a product.
      const source =
        engine === 'postgres' ? sql`products p` : sql.raw(`products p indexed by ${matches > fewMatches ? 'products_listing_all_idx' : 'products_search_lookup_idx'}`);
      const { rows } = await sql<{ id: number }>`
        select p.id from ${source}
         where p.id in (${matchingIds(words)}) and ${visible(scope)} ${excluded}
         order by p.name, p.id
         limit ${limit} offset ${offset}`.execute(db);
      return rows.map((row) => Number(row.id));
    },
  };
}

export type ProductSearchRepository = ReturnType<typeof createProductSearchRepository>;
