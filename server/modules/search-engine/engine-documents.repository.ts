import type { EngineDocument } from '../../../core/search-engine.ts';
import type { Database } from '../../db/database.ts';

// The external engine's documents of products (core/search-engine.ts), and the outbox of changed
// products (migration 0010).

export function createEngineDocumentsRepository(db: Database) {
  const activeProducts = () =>
    db
      .selectFrom('products')
      .select(['id', 'tenant_id', 'category_id', 'sku', 'name', 'name_en', 'stock', 'has_pre_stock'])
      .where('is_active', '=', 1)
      .orderBy('id');

  async function withVariants(rows: Awaited<ReturnType<ReturnType<typeof activeProducts>['execute']>>): Promise<EngineDocument[]> {
    if (rows.length === 0) return [];
    const variants = await db
      .selectFrom('product_variants')
      .select(['product_id', 'variant_sku'])
      .where('product_id', 'in', rows.map((row) => row.id))
      .where('is_active', '=', 1)
      .orderBy('product_id')
      .orderBy('sort_order')
      .execute();
    const skusOf = new Map<number, string[]>();
    for (const variant of variants) {
      const skus = skusOf.get(variant.product_id) ?? [];
      skus.push(variant.variant_sku);
      skusOf.set(variant.product_id, skus);
    }
    return rows.map((row) => ({
      id: row.id,
      tenantId: row.tenant_id,
      categoryId: row.category_id,
      sku: row.sku,
      variantSkus: skusOf.get(row.id) ?? [],
      name: row.name,
      nameEn: row.name_en,
      inStock: row.stock > 0,
      hasPreStock: row.has_pre_stock === 1,
    }));
  }

  return {
    /** Active products' documents in id order after `afterId`, for a bulk load in batches. */
    async documentsAfter(afterId: number, limit: number): Promise<EngineDocument[]> {
      return withVariants(await activeProducts().where('id', '>', afterId).limit(limit).execute());
    },

    /** The documents of these products; a product that is gone or inactive has none. */
    async documentsOf(ids: readonly number[]): Promise<EngineDocument[]> {
      return ids.length === 0 ? [] : withVariants(await activeProducts().where('id', 'in', ids).execute());
    },

    /** The oldest noted changes. */
    pendingChanges(limit: number): Promise<{ id: number; product_id: number }[]> {
      return db.selectFrom('search_engine_outbox').select(['id', 'product_id']).orderBy('id').limit(limit).execute();
    },

    async latestChangeId(): Promise<number> {
      const row = await db.selectFrom('search_engine_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    async forgetChanges(upToId: number): Promise<void> {
      await db.deleteFrom('search_engine_outbox').where('id', '<=', upToId).execute();
    },

    /** From now on the triggers note changes for this index (in the same transaction as the first bulk read). */
    async startNoting(indexUid: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('search_engine_sync').where('index_uid', '<>', indexUid).execute();
        await trx.insertInto('search_engine_sync').values({ index_uid: indexUid }).onConflict((oc) => oc.column('index_uid').doNothing()).execute();
      });
    },

    /** No engine any more: stop noting and drop what was noted. */
    async stopNoting(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('search_engine_sync').execute();
        await trx.deleteFrom('search_engine_outbox').execute();
      });
    },
  };
}

export type EngineDocumentsRepository = ReturnType<typeof createEngineDocumentsRepository>;
