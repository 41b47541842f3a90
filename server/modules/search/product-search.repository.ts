import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { ListingFilters } from '../catalog/product-listing.repository.ts';

// The product search's SQL (ADR 0008). The match differs by engine — SQLite asks its FTS5 trigram
// table, PostgreSQL its pg_trgm-indexed documents with LIKE — the rest is shared: tenant, active,
// hidden categories, stock filters, and the order: an exact sku or variant sku first, then sku
// prefixes, then names that start with the first word, then the rest by name.

export interface SearchTerms {
  /** Folded words (core/search-text.ts); every one must occur in the product's search document. */
  words: readonly string[];
  /** The whole key, upper case, for the exact and prefix sku ranks. */
  skuKey: string;
}

export interface SearchScope {
  tenantId: number;
  hiddenCategoryIds: readonly number[];
  filters: Pick<ListingFilters, 'inStockOnly' | 'preOrderOnly'>;
}

/** Words shorter than this cannot use a trigram index; they only narrow what the longer words found. */
const trigramLength = 3;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createProductSearchRepository(db: Database) {
  const engine = engineOf(db);

  function matchCondition(words: readonly string[]): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[] } {
    if (engine === 'sqlite') {
      const indexed = words.filter((word) => word.length >= trigramLength);
      const short = words.filter((word) => word.length < trigramLength);
      const where: RawBuilder<unknown>[] = [];
      // An FTS5 phrase in double quotes is matched as written (quotes inside are doubled).
      if (indexed.length > 0) where.push(sql`s.doc match ${indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ')}`);
      for (const word of short) where.push(sql`s.doc like ${`%${likeEscaped(word)}%`} escape '\\'`);
      return { from: sql`product_search s join products p on p.id = s.rowid`, where };
    }
    return {
      from: sql`product_search s join products p on p.id = s.product_id`,
      where: words.map((word) => sql`s.doc like ${`%${likeEscaped(word)}%`}`),
    };
  }

  function filtered(terms: SearchTerms, scope: SearchScope) {
    const { from, where } = matchCondition(terms.words);
    const conditions = [...where, sql`p.tenant_id = ${scope.tenantId}`, sql`p.is_active = 1`];
    if (scope.hiddenCategoryIds.length > 0) conditions.push(sql`p.category_id not in (${sql.join(scope.hiddenCategoryIds)})`);
    if (scope.filters.inStockOnly) conditions.push(sql`p.stock > 0`);
    if (scope.filters.preOrderOnly) conditions.push(sql`p.has_pre_stock = 1`);
    return { from, where: sql.join(conditions, sql` and `) };
  }

  return {
    /** One page of matching product ids in search order, and the variant whose sku equals the key, if any. */
    async findPage(terms: SearchTerms, scope: SearchScope, offset: number, limit: number): Promise<{ id: number; exactVariantSku: string | null }[]> {
      const { from, where } = filtered(terms, scope);
      const firstWord = terms.words[0] ?? '';
      const exactVariant = sql<string | null>`(select v.variant_sku from product_variants v
         where v.product_id = p.id and v.is_active = 1 and upper(v.variant_sku) = ${terms.skuKey} limit 1)`;
      const { rows } = await sql<{ id: number; exact_variant_sku: string | null }>`
        select p.id, ${exactVariant} as exact_variant_sku
          from ${from}
         where ${where}
         order by case
                    when upper(p.sku) = ${terms.skuKey} or ${exactVariant} is not null then 0
                    when upper(p.sku) like ${`${likeEscaped(terms.skuKey)}%`} escape '\\' then 1
                    when lower(p.name) like ${`${likeEscaped(firstWord)}%`} escape '\\' then 2
                    else 3
                  end, p.name, p.id
         limit ${limit} offset ${offset}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), exactVariantSku: row.exact_variant_sku }));
    },

    async count(terms: SearchTerms, scope: SearchScope): Promise<number> {
      const { from, where } = filtered(terms, scope);
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${from} where ${where}`.execute(db);
      return Number(rows[0]?.total ?? 0);
    },
  };
}

export type ProductSearchRepository = ReturnType<typeof createProductSearchRepository>;
