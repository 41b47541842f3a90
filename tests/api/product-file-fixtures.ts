import { Readable } from 'node:stream';
import { maxProductFileBytes, type DocumentKind, type DocumentVisibility } from '../../core/product-files.ts';
import { createFileStore } from '../../server/modules/product-files/file-store.ts';
import { documentTypes } from '../../server/modules/product-files/file-type.ts';
import { pdf } from './erp-product-file-fixtures.ts';
import type { TestShop } from './helper.ts';

// Product documents written straight into a test file's private database, as the ERP's loads leave them: a
// product_files row (with its named companies) and its bytes in the shop's file store, on products of the
// test's own. The storefront's tests stand on their own, without the ERP's routes.

export interface DocumentProduct {
  id: number;
  sku: string;
  /** The variants' ids by variant sku, in their order. */
  variants: Map<string, number>;
}

/** A product of the test's own in `categoryId`, with variants of the skus given (in that order; inactive where named). */
export async function createDocumentProduct(
  shop: Pick<TestShop, 'db'>,
  tenantId: number,
  values: { categoryId: number; sku: string; isActive?: 0 | 1; variants?: readonly string[]; inactiveVariants?: readonly string[] },
): Promise<DocumentProduct> {
  const product = await shop.db
    .insertInto('products')
    .values({
      tenant_id: tenantId,
      category_id: values.categoryId,
      sku: values.sku,
      name: `Dokumentenartikel ${values.sku}`,
      name_en: null,
      description: null,
      description_en: null,
      price_cents: 1990,
      retail_price_cents: null,
      pre_order_price_cents: null,
      vat_rate_bp: 1900,
      stock: 10,
      sales_unit_id: null,
      release_date: null,
      bestseller_rank: null,
      is_active: values.isActive ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = new Map<string, number>();
  for (const [index, variantSku] of (values.variants ?? []).entries()) {
    const variant = await shop.db
      .insertInto('product_variants')
      .values({ tenant_id: tenantId, product_id: product.id, variant_sku: variantSku, name: `Variante ${variantSku}`, price_cents: null, sort_order: index, is_active: values.inactiveVariants?.includes(variantSku) ? 0 : 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    variants.set(variantSku, variant.id);
  }
  return { id: product.id, sku: values.sku, variants };
}

export interface DocumentSpec {
  productId: number;
  variantId?: number | null;
  kind?: DocumentKind;
  visibility?: DocumentVisibility;
  language?: 'de' | 'en' | null;
  title?: string;
  version?: string;
  fileName?: string;
  sortOrder?: number;
  /** The named companies of a document with visibility 'companies'. */
  companies?: readonly number[];
  /** The file; null: its metadata came, its file not yet. */
  file?: Buffer | null;
}

export interface StoredDocument {
  id: number;
  /** The stored bytes; null while the file has not come. */
  file: Buffer | null;
  sha256: string | null;
}

let documents = 0;

/** A document of a product (or variant), its file in the store unless `file` is null; defaults: a German data sheet for everyone. */
export async function insertDocument(shop: Pick<TestShop, 'db' | 'filesDir'>, tenantId: number, spec: DocumentSpec): Promise<StoredDocument> {
  documents += 1;
  const file = spec.file === undefined ? pdf(`Dokument ${process.pid}-${documents}`) : spec.file;
  const stored = file ? await createFileStore(shop.filesDir).put(Readable.from([file]), { maxBytes: maxProductFileBytes, accepts: documentTypes }) : null;
  const version = spec.version ?? '1.0';
  const row = await shop.db
    .insertInto('product_files')
    .values({
      tenant_id: tenantId,
      product_id: spec.productId,
      variant_id: spec.variantId ?? null,
      purpose: 'document',
      external_id: `DOC-${process.pid}-${documents}`,
      kind: spec.kind ?? 'data_sheet',
      visibility: spec.visibility ?? 'everyone',
      language: spec.language === undefined ? 'de' : spec.language,
      title: spec.title ?? `Datenblatt ${documents}`,
      version,
      file_name: spec.fileName ?? `Datenblatt ${documents}.pdf`,
      sort_order: spec.sortOrder ?? 0,
      content_type: stored?.type.contentType ?? null,
      bytes: stored?.bytes ?? null,
      sha256: stored?.sha256 ?? null,
      file_version: stored ? version : null,
      file_at: stored ? '2026-11-27T10:00:00.000Z' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const companyId of spec.companies ?? []) await shop.db.insertInto('product_file_companies').values({ file_id: row.id, company_id: companyId, tenant_id: tenantId }).execute();
  return { id: row.id, file, sha256: stored?.sha256 ?? null };
}
