import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { integerRows, updateIntegerColumns } from '../erp/bulk-rows.repository.ts';
import { readInChunks } from '../erp/in-chunks.ts';

// What the stock load reads and writes: products and variants by their skus with their stock, seasons by
// their external ids, the products' pre-stocks; every read one query per 500 keys, every write in one
// transaction with one statement per kind (bulk-rows.repository.ts). The database's triggers derive the rest in that transaction: has_pre_stock (migration
// 0007) and the search engine's note of a product whose stock crosses zero (migration 0010); a stock
// change that crosses nothing costs them nothing (migration 0016).

export interface StoredStock {
  id: number;
  sku: string;
  stock: number;
}

export interface StoredPreStock {
  product_id: number;
  season_id: number;
  quantity: number;
}

/** What one stock load changes; every list holds only rows that differ from what is stored. */
export interface StockWrites {
  products: { id: number; stock: number }[];
  variants: { id: number; stock: number }[];
  preStocks: { productId: number; seasonId: number; quantity: number }[];
  removedPreStocks: { productId: number; seasonId: number }[];
}

export function createErpStockRepository(db: Database) {
  return {
    async findProducts(tenantId: number, skus: readonly string[]): Promise<StoredStock[]> {
      return readInChunks(skus, (chunk) =>
        db.selectFrom('products').select(['id', 'sku', 'stock']).where('tenant_id', '=', tenantId).where('sku', 'in', chunk).execute(),
      );
    },

    async findVariants(tenantId: number, variantSkus: readonly string[]): Promise<StoredStock[]> {
      return readInChunks(variantSkus, (chunk) =>
        db
          .selectFrom('product_variants')
          .select(['id', 'variant_sku as sku', 'stock'])
          .where('tenant_id', '=', tenantId)
          .where('variant_sku', 'in', chunk)
          .execute(),
      );
    },

    /** Season ids by external id. */
    async findSeasons(tenantId: number, externalIds: readonly string[]): Promise<{ id: number; external_id: string | null }[]> {
      return readInChunks(externalIds, (chunk) =>
        db.selectFrom('seasons').select(['id', 'external_id']).where('tenant_id', '=', tenantId).where('external_id', 'in', chunk).execute(),
      );
    },

    async findPreStocks(tenantId: number, productIds: readonly number[]): Promise<StoredPreStock[]> {
      return readInChunks(productIds, (chunk) =>
        db
          .selectFrom('product_pre_stocks')
          .select(['product_id', 'season_id', 'quantity'])
          .where('tenant_id', '=', tenantId)
          .where('product_id', 'in', chunk)
          .execute(),
      );
    },

    /** Writes the changes in one transaction: nothing of them, or all. */
    async write(tenantId: number, writes: StockWrites, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await updateIntegerColumns(trx, 'products', tenantId, ['stock'], writes.products, now);
        await updateIntegerColumns(trx, 'product_variants', tenantId, ['stock'], writes.variants, null);
        if (writes.removedPreStocks.length > 0) {
          const removed = integerRows(trx, ['product_id', 'season_id'], writes.removedPreStocks.map((entry) => ({ product_id: entry.productId, season_id: entry.seasonId })));
          await sql`delete from product_pre_stocks
            where tenant_id = ${tenantId} and (product_id, season_id) in (select v.product_id, v.season_id from ${removed})`.execute(trx);
        }
        if (writes.preStocks.length > 0) {
          const rows = integerRows(trx, ['product_id', 'season_id', 'quantity'], writes.preStocks.map((entry) => ({ product_id: entry.productId, season_id: entry.seasonId, quantity: entry.quantity })));
          // (`where true`: SQLite reads an INSERT … SELECT's ON CONFLICT only after a WHERE.)
          await sql`insert into product_pre_stocks (tenant_id, product_id, season_id, quantity)
            select ${tenantId}, v.product_id, v.season_id, v.quantity from ${rows} where true
            on conflict (product_id, season_id) do update set quantity = excluded.quantity`.execute(trx);
        }
      });
    },
  };
}

export type ErpStockRepository = ReturnType<typeof createErpStockRepository>;
