import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';

// The products alarms and notifications name, under the catalogue's visibility (product-visibility.repository.ts):
// their names, batch size and stock, and the active variants the references name. Narrower than the
// basket's lookup on purpose: a list of 200 notifications needs no prices, tiers or images.

export interface WishedProductRow {
  id: number;
  sku: string;
  name: string;
  name_en: string | null;
  stock: number;
  sales_batch_size: number;
  variant_id: number | null;
  variant_sku: string | null;
  variant_name: string | null;
  variant_stock: number | null;
}

export function createWishedProductsRepository(db: Database) {
  return {
    /** One row per visible product of `ids`, or one per active variant of it among `references`. */
    find(visibility: ProductVisibility, ids: readonly number[], references: readonly string[]): Promise<WishedProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products as p')
        .leftJoin('product_variants as v', (join) =>
          join
            .onRef('v.product_id', '=', 'p.id')
            .on('v.is_active', '=', 1)
            .on(references.length > 0 ? sql<boolean>`${sql.ref('v.variant_sku')} in (${sql.join(references)})` : sql<boolean>`1 = 0`),
        )
        .select(['p.id', 'p.sku', 'p.name', 'p.name_en', 'p.stock', 'p.sales_batch_size', 'v.id as variant_id', 'v.variant_sku', 'v.name as variant_name', 'v.stock as variant_stock'])
        .where(visibleProduct('p', visibility))
        .where('p.id', 'in', ids)
        .execute();
    },
  };
}

export type WishedProductsRepository = ReturnType<typeof createWishedProductsRepository>;
