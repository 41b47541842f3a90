import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isLocale } from '../../../core/locale.ts';
import type { DocumentVisibility } from '../../../core/product-files.ts';
import type { Database } from '../../db/database.ts';
import type { DocumentAudience } from '../access/product-documents.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';
import type { DocumentRow } from './product-document-list.ts';

// The storefront's product documents (docs/product.md, Product documents and downloads): a product's
// documents and one document's stored file, each in one statement that applies the catalogue's visibility
// of the product and the documents' own rule (server/modules/access/product-documents.ts). The product is
// found by its key, its documents through product_files(product_id, purpose).

/** A document's stored file as it is sent. */
export interface StoredDocumentFile {
  sha256: string;
  bytes: number;
  contentType: string;
  fileName: string;
  storedAt: string;
  visibility: DocumentVisibility;
}

/**
 * The documents' rule (server/modules/access/product-documents.ts) as a condition on the product_files row
 * `alias`: a document whose file has come, of the product itself or of one of its variants the catalogue
 * shows, in the reader's audience. It names no other row, so it serves a join's condition as well as a where
 * clause.
 */
function visibleDocument(alias: string, audience: DocumentAudience): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const variantShown = sql`(${column('variant_id')} is null or exists (select 1 from product_variants as shown_variant where shown_variant.id = ${column('variant_id')} and shown_variant.product_id = ${column('product_id')} and shown_variant.is_active = 1))`;
  const open = sql`${column('visibility')} in (${sql.join(audience.visibilities)})`;
  const named =
    audience.companyId === null
      ? sql``
      : sql` or (${column('visibility')} = 'companies' and exists (select 1 from product_file_companies as named_company where named_company.file_id = ${column('id')} and named_company.company_id = ${audience.companyId}))`;
  return sql<SqlBool>`${column('purpose')} = 'document' and ${column('sha256')} is not null and ${variantShown} and (${open}${named})`;
}

export function createProductDocumentRepository(db: Database) {
  return {
    /**
     * The documents of the product that the audience may see; null when the product is not the reader's
     * to see. The product's row comes with no document or with each of them (a left join), so a product
     * without documents costs the same one statement.
     */
    async listForProduct(visibility: ProductVisibility, audience: DocumentAudience, productId: number): Promise<DocumentRow[] | null> {
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('product_files as f', (join) => join.onRef('f.product_id', '=', 'p.id').on(visibleDocument('f', audience)))
        .leftJoin('product_variants as v', 'v.id', 'f.variant_id')
        .select(['f.id', 'f.kind', 'f.language', 'f.title', 'f.version', 'f.file_version', 'f.file_name', 'f.content_type', 'f.bytes', 'f.file_at', 'f.sort_order', 'v.variant_sku', 'v.sort_order as variant_order'])
        .where('p.id', '=', productId)
        .where(visibleProduct('p', visibility))
        .execute();
      if (rows.length === 0) return null;
      return rows.flatMap((row): DocumentRow[] => {
        const { id, kind, title, version, file_name, content_type, bytes, file_at } = row;
        // The product's own row without a document; the rule admits only documents whose file came.
        if (id === null || kind === null || title === null || version === null || file_name === null || content_type === null || bytes === null || file_at === null) return [];
        return [
          {
            id,
            kind,
            language: isLocale(row.language) ? row.language : null,
            title,
            version: row.file_version ?? version,
            fileName: file_name,
            contentType: content_type,
            bytes,
            storedAt: file_at,
            sortOrder: row.sort_order ?? 0,
            variant: row.variant_sku === null ? null : { sku: row.variant_sku, sortOrder: row.variant_order ?? 0 },
          },
        ];
      });
    },

    /** Which of the documents the audience may see, with their products. */
    async findVisibleIds(visibility: ProductVisibility, audience: DocumentAudience, documentIds: readonly number[]): Promise<number[]> {
      if (documentIds.length === 0) return [];
      const rows = await db
        .selectFrom('product_files as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .select('f.id')
        .where('f.id', 'in', documentIds)
        .where('f.sha256', 'is not', null)
        .where(visibleDocument('f', audience))
        .where(visibleProduct('p', visibility))
        .execute();
      return rows.map((row) => row.id);
    },

    /** The stored file of the document, when the audience may see it and its product; undefined otherwise. */
    async findFile(visibility: ProductVisibility, audience: DocumentAudience, documentId: number): Promise<StoredDocumentFile | undefined> {
      const row = await db
        .selectFrom('product_files as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .select(['f.sha256', 'f.bytes', 'f.content_type', 'f.file_name', 'f.file_at', 'f.visibility'])
        .where('f.id', '=', documentId)
        .where(visibleDocument('f', audience))
        .where(visibleProduct('p', visibility))
        .executeTakeFirst();
      if (!row || row.sha256 === null || row.bytes === null || row.content_type === null || row.file_at === null || row.visibility === null) return undefined;
      return { sha256: row.sha256, bytes: row.bytes, contentType: row.content_type, fileName: row.file_name, storedAt: row.file_at, visibility: row.visibility };
    },
  };
}

export type ProductDocumentRepository = ReturnType<typeof createProductDocumentRepository>;
