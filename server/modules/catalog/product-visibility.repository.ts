import { sql, type RawBuilder, type SqlBool } from 'kysely';

// The one rule for which products a buyer may see (docs/security.md, "Security model"): a product
// of the buyer's tenant, active, in a category the buyer's category tree shows (active, with visible
// parents, deal branches only for accounts with deals; see category-tree.ts). Every path that takes a
// product id or sku from a request applies it, so a hidden product answers exactly like an unknown one.
// Listings and the search reach the same set through their category scopes (visible ids of the tree).

export interface ProductVisibility {
  tenantId: number;
  /** Categories of the tenant whose products this buyer must not see (the tree's hidden ids). */
  hiddenCategoryIds: readonly number[];
}

/**
 * The rule as a condition on the products row `alias`, for lookups by id or sku: the key's own index
 * finds the rows, so the columns here are compared without their indexes (`+ 0`) to keep SQLite's
 * planner, which has no table statistics, from reading every product of the tenant instead.
 */
export function visibleProduct(alias: string, visibility: ProductVisibility): RawBuilder<SqlBool> {
  const column = (name: string) => sql`(${sql.ref(`${alias}.${name}`)} + 0)`;
  const hidden = visibility.hiddenCategoryIds;
  return sql<SqlBool>`${column('tenant_id')} = ${visibility.tenantId} and ${column('is_active')} = 1 and ${column('category_id')} is not null${
    hidden.length > 0 ? sql` and ${column('category_id')} not in (${sql.join(hidden)})` : sql``
  }`;
}
