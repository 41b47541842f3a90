import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { Flag } from '../../db/schema.ts';
import { productColumns } from './product-changes.ts';
import { inChunks, readInChunks } from '../erp/in-chunks.ts';
import { updateRowsById } from './rows-by-id.repository.ts';

// What the ERP's product upsert reads and writes: products by sku with their variants and images. Reads
// take every key of a request at once (IN lists of at most 500); writes are multi-row statements.

/** The columns of a product the catalogue upsert decides (prices and stock are written by their own routes). */
export interface ProductFields {
  category_id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  tax_category: string;
  vat_rate_bp: number;
  is_stock_freeze: Flag;
  is_only_sellable_with_positive_stock: Flag;
  sales_batch_size: number;
  sales_unit_id: number | null;
  release_date: string | null;
  attributes: string;
  sales_attributes: string;
  erp_active: Flag;
  is_active: Flag;
}

export interface VariantFields {
  variant_sku: string;
  name: string;
  attributes: string;
  is_active: Flag;
  sort_order: number;
}

export interface ImageFields {
  url: string;
  width: number;
  height: number;
}

const inList = 500;

const productKinds = {
  category_id: 'integer',
  name: 'text',
  name_en: 'text',
  description: 'text',
  description_en: 'text',
  tax_category: 'text',
  vat_rate_bp: 'integer',
  is_stock_freeze: 'integer',
  is_only_sellable_with_positive_stock: 'integer',
  sales_batch_size: 'integer',
  sales_unit_id: 'integer',
  release_date: 'text',
  attributes: 'text',
  sales_attributes: 'text',
  erp_active: 'integer',
  is_active: 'integer',
  erp_row_fingerprint: 'text',
  updated_at: 'text',
} as const;

const variantKinds = { variant_sku: 'text', name: 'text', attributes: 'text', is_active: 'integer', sort_order: 'integer' } as const;

export function createErpProductRepository(db: Database) {
  const inSlices = <K, R>(keys: readonly K[], read: (slice: K[]) => Promise<R[]>): Promise<R[]> => readInChunks(keys, read, inList);

  return {
    findProducts(tenantId: number, skus: readonly string[]) {
      return inSlices(skus, (slice) =>
        db
          .selectFrom('products')
          .select(['id', 'sku', ...productColumns, 'has_price', 'erp_row_fingerprint'])
          .where('tenant_id', '=', tenantId)
          .where('sku', 'in', slice)
          .execute(),
      );
    },

    /** The products with these skus that an ERP row wrote last, with what they took from elsewhere (the fast way of unchanged rows). */
    findFingerprints(tenantId: number, skus: readonly string[]) {
      return inSlices(skus, (slice) =>
        db
          .selectFrom('products')
          .select(['sku', 'erp_row_fingerprint', 'category_id', 'sales_unit_id', 'vat_rate_bp'])
          .where('tenant_id', '=', tenantId)
          .where('sku', 'in', slice)
          .where('erp_row_fingerprint', 'is not', null)
          .execute(),
      );
    },

    /** The variants of the products with these skus, in their order (read beside the products, not after them). */
    findVariants(tenantId: number, skus: readonly string[]) {
      return inSlices(skus, (slice) =>
        db
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .select(['v.id', 'v.product_id', 'v.variant_sku', 'v.name', 'v.attributes', 'v.is_active', 'v.sort_order'])
          .where('p.tenant_id', '=', tenantId)
          .where('p.sku', 'in', slice)
          .orderBy('v.product_id')
          .orderBy('v.sort_order')
          .orderBy('v.id')
          .execute(),
      );
    },

    /** The products (their skus) that hold these variant skus. */
    findVariantOwners(tenantId: number, variantSkus: readonly string[]) {
      return inSlices(variantSkus, (slice) =>
        db
          .selectFrom('product_variants')
          .innerJoin('products', 'products.id', 'product_variants.product_id')
          .select(['product_variants.variant_sku', 'products.sku'])
          .where('product_variants.tenant_id', '=', tenantId)
          .where('product_variants.variant_sku', 'in', slice)
          .execute(),
      );
    },

    /** The images of the products with these skus, in their order. */
    findImages(tenantId: number, skus: readonly string[]) {
      return inSlices(skus, (slice) =>
        db
          .selectFrom('product_images as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .select(['i.product_id', 'i.url', 'i.width', 'i.height'])
          .where('p.tenant_id', '=', tenantId)
          .where('p.sku', 'in', slice)
          .orderBy('i.product_id')
          .orderBy('i.sort_order')
          .orderBy('i.id')
          .execute(),
      );
    },

    findCategoryIds(tenantId: number, externalIds: readonly string[]) {
      return inSlices(externalIds, (slice) =>
        db.selectFrom('categories').select(['id', 'external_id']).where('tenant_id', '=', tenantId).where('external_id', 'in', slice).execute(),
      );
    },

    listSalesUnits(tenantId: number) {
      return db.selectFrom('sales_units').select(['id', 'code']).where('tenant_id', '=', tenantId).execute();
    },

    inTransaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** A new product waits for its list price: price 0, has_price 0, hidden (migration 0034). Answers ids by sku. */
    async insertProducts(trx: Executor, tenantId: number, rows: readonly (ProductFields & { sku: string; erp_row_fingerprint: string })[], now: string): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      // About 25 parameters a row: 400 rows stay below SQLite's 32,766.
      for (const slice of inChunks(rows, 400)) {
        const inserted = await trx
          .insertInto('products')
          .values(slice.map((row) => ({ ...row, tenant_id: tenantId, price_cents: 0, has_price: 0 as const, created_at: now, updated_at: now })))
          .returning(['id', 'sku'])
          .execute();
        for (const row of inserted) ids.set(row.sku, row.id);
      }
      return ids;
    },

    updateProducts(trx: Executor, tenantId: number, rows: readonly (ProductFields & { id: number; erp_row_fingerprint: string; updated_at: string })[]): Promise<void> {
      return updateRowsById(trx, 'products', tenantId, productKinds, rows);
    },

    /** Notes the row an unchanged product was sent as, so the same row sent again takes the fast way. */
    setFingerprints(trx: Executor, tenantId: number, rows: readonly { id: number; erp_row_fingerprint: string }[]): Promise<void> {
      return updateRowsById(trx, 'products', tenantId, { erp_row_fingerprint: 'text' }, rows);
    },

    async deleteVariants(trx: Executor, tenantId: number, ids: readonly number[]): Promise<void> {
      for (const slice of inChunks(ids, inList)) await trx.deleteFrom('product_variants').where('tenant_id', '=', tenantId).where('id', 'in', slice).execute();
    },

    updateVariants(trx: Executor, tenantId: number, rows: readonly (VariantFields & { id: number })[]): Promise<void> {
      return updateRowsById(trx, 'product_variants', tenantId, variantKinds, rows);
    },

    async insertVariants(trx: Executor, tenantId: number, rows: readonly (VariantFields & { product_id: number })[]): Promise<void> {
      for (const slice of inChunks(rows, 2000)) await trx.insertInto('product_variants').values(slice.map((row) => ({ ...row, tenant_id: tenantId }))).execute();
    },

    /** The products' images become these (in their order). */
    async replaceImages(trx: Executor, tenantId: number, productIds: readonly number[], rows: readonly (ImageFields & { product_id: number; sort_order: number })[]): Promise<void> {
      for (const slice of inChunks(productIds, inList)) await trx.deleteFrom('product_images').where('tenant_id', '=', tenantId).where('product_id', 'in', slice).execute();
      for (const slice of inChunks(rows, 2000)) await trx.insertInto('product_images').values(slice.map((row) => ({ ...row, tenant_id: tenantId }))).execute();
    },
  };
}

export type ErpProductRepository = ReturnType<typeof createErpProductRepository>;
