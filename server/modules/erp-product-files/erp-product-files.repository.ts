import { sql } from 'kysely';
import type { ProductFilePurpose } from '../../../core/product-files.ts';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { Flag, NewRow } from '../../db/schema.ts';
import { readInChunks } from '../erp/in-chunks.ts';

// What the ERP's product files read and write (docs/erp-integration.md, Product documents and downloads):
// product_files by the ERP's key and purpose, with a document's named companies, always within the API
// client's tenant; and products.is_downloadable, which says exactly whether a product has a download
// with a stored file.

/** The columns the ERP's metadata sets (a download's kind and visibility are null). */
export const metadataColumns = ['product_id', 'variant_id', 'kind', 'visibility', 'language', 'title', 'version', 'file_name', 'sort_order'] as const;

export type MetadataValues = Pick<NewRow<'product_files'>, (typeof metadataColumns)[number]> & { sort_order: number };

/** The stored file's columns, written when it came. */
export interface StoredFileValues {
  sha256: string;
  bytes: number;
  content_type: string;
  file_version: string;
  file_at: string;
}

/** The product or variant a path's sku names. */
export interface FileItem {
  productId: number;
  variantId: number | null;
}

export function createErpProductFilesRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  const fileRow = (executor: Executor, tenantId: number) =>
    executor
      .selectFrom('product_files')
      .select(['id', ...metadataColumns, 'purpose', 'external_id', 'content_type', 'bytes', 'sha256', 'file_version', 'file_at'])
      .where('tenant_id', '=', tenantId);

  return {
    /** Runs `work` in one transaction: every write of a file's row goes with what follows from it. */
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The product whose sku this is, else the variant whose variant sku it is; undefined for neither. */
    async findItem(tenantId: number, sku: string): Promise<FileItem | undefined> {
      const product = await db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirst();
      if (product) return { productId: product.id, variantId: null };
      const variant = await db.selectFrom('product_variants').select(['id', 'product_id']).where('tenant_id', '=', tenantId).where('variant_sku', '=', sku).executeTakeFirst();
      return variant ? { productId: variant.product_id, variantId: variant.id } : undefined;
    },

    /** The companies of the tenant with these customer numbers. */
    companiesByCustomerNo(tenantId: number, customerNos: readonly string[]) {
      return readInChunks(customerNos, (chunk) => db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).where('customer_no', 'in', chunk).execute());
    },

    /** The file of this key and purpose. */
    findFile(tenantId: number, purpose: ProductFilePurpose, externalId: string) {
      return fileRow(db, tenantId).where('purpose', '=', purpose).where('external_id', '=', externalId).executeTakeFirst();
    },

    /** The same in a transaction that writes it: on PostgreSQL held until the transaction ends (SQLite's holds the database). */
    lockFile(trx: DatabaseTransaction, tenantId: number, purpose: ProductFilePurpose, externalId: string) {
      const query = fileRow(trx, tenantId).where('purpose', '=', purpose).where('external_id', '=', externalId);
      return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
    },

    async namedCompanyIds(executor: Executor, fileId: number): Promise<number[]> {
      const rows = await executor.selectFrom('product_file_companies').select('company_id').where('file_id', '=', fileId).orderBy('company_id').execute();
      return rows.map((row) => row.company_id);
    },

    /** Inserts the file's row; undefined when a concurrent request wrote the same key first. */
    async insertFile(trx: DatabaseTransaction, row: MetadataValues & { tenant_id: number; purpose: ProductFilePurpose; external_id: string; created_at: string; updated_at: string }): Promise<number | undefined> {
      const inserted = await trx
        .insertInto('product_files')
        .values(row)
        .onConflict((conflict) => conflict.columns(['tenant_id', 'purpose', 'external_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    async updateFile(trx: DatabaseTransaction, fileId: number, values: (MetadataValues | StoredFileValues) & { updated_at: string }): Promise<void> {
      await trx.updateTable('product_files').set(values).where('id', '=', fileId).execute();
    },

    async replaceNamedCompanies(trx: DatabaseTransaction, tenantId: number, fileId: number, companyIds: readonly number[]): Promise<void> {
      await trx.deleteFrom('product_file_companies').where('file_id', '=', fileId).execute();
      if (companyIds.length > 0) await trx.insertInto('product_file_companies').values(companyIds.map((companyId) => ({ tenant_id: tenantId, file_id: fileId, company_id: companyId }))).execute();
    },

    async deleteFile(trx: DatabaseTransaction, fileId: number): Promise<void> {
      await trx.deleteFrom('product_files').where('id', '=', fileId).execute();
    },

    /** Whether any row (of any tenant: the store keeps each file once) names this stored file. */
    async isNamed(sha256: string): Promise<boolean> {
      return (await db.selectFrom('product_files').select('id').where('sha256', '=', sha256).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Sets is_downloadable of these products to whether they have a download with a stored file; answers whether it changed for any. */
    async refreshDownloadable(trx: DatabaseTransaction, productIds: readonly number[]): Promise<boolean> {
      const hasDownload = sql<Flag>`case when exists (select 1 from product_files f where f.product_id = products.id and f.purpose = 'download' and f.sha256 is not null) then 1 else 0 end`;
      const changed = await trx
        .updateTable('products')
        .set({ is_downloadable: hasDownload })
        .where('id', 'in', [...new Set(productIds)])
        .where('is_downloadable', '<>', hasDownload)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    /** The file as the ERP's answer shows it: its row with its product's and variant's skus and the named companies' customer numbers. */
    async view(executor: Executor, fileId: number) {
      const row = await executor
        .selectFrom('product_files as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .leftJoin('product_variants as v', 'v.id', 'f.variant_id')
        .select(['f.external_id', 'f.kind', 'f.visibility', 'f.language', 'f.title', 'f.version', 'f.file_name', 'f.sort_order', 'f.sha256', 'f.bytes', 'f.content_type', 'f.file_version', 'f.file_at', 'p.sku', 'v.variant_sku'])
        .where('f.id', '=', fileId)
        .executeTakeFirstOrThrow();
      const companies = await executor
        .selectFrom('product_file_companies as fc')
        .innerJoin('companies as c', 'c.id', 'fc.company_id')
        .select('c.customer_no')
        .where('fc.file_id', '=', fileId)
        .orderBy('c.customer_no')
        .execute();
      return { ...row, companies: companies.map((company) => company.customer_no) };
    },
  };
}

export type ErpProductFilesRepository = ReturnType<typeof createErpProductFilesRepository>;
export type StoredProductFile = NonNullable<Awaited<ReturnType<ErpProductFilesRepository['lockFile']>>>;
export type ProductFileView = Awaited<ReturnType<ErpProductFilesRepository['view']>>;
