import { Readable } from 'node:stream';
import { maxProductFileBytes } from '../core/product-files.ts';
import type { Database } from '../server/db/database.ts';
import type { NewRow } from '../server/db/schema.ts';
import { minimalPdf } from '../server/db/seed/media.ts';
import { createFileStore } from '../server/modules/product-files/file-store.ts';
import { documentTypes } from '../server/modules/product-files/file-type.ts';

// The product documents of bench/reviews.ts, built once per database and kept between runs: every product
// given here gets what a wholesaler's ERP loads for a well-documented article — a data sheet in German and
// English for everyone, a safety data sheet, a manual for signed-in customers and a certificate for one
// named company (the first bench company: the readers' own, so they see it). One small PDF in the file
// store serves them all: the bench measures the page, not the disk.

const prefix = 'BENCH-DOC-';
/** Rows per insert: 16 columns a row stays inside both engines' limits on parameters per statement. */
const batchRows = 500;

/** Adds the documents to `productIds` unless a run did before; answers whether it built them. */
export async function ensureDocumentBenchData(db: Database, options: { tenantId: number; productIds: readonly number[]; companyId: number; filesDir: string }): Promise<boolean> {
  const existing = await db.selectFrom('product_files').select('id').where('tenant_id', '=', options.tenantId).where('external_id', 'like', `${prefix}%`).limit(1).execute();
  if (existing.length > 0) return false;
  const file = await createFileStore(options.filesDir).put(Readable.from([minimalPdf(['Technisches Datenblatt', 'Bench'])]), { maxBytes: maxProductFileBytes, accepts: documentTypes });
  const now = new Date().toISOString();
  const row = (productId: number, key: string, fields: Pick<NewRow<'product_files'>, 'kind' | 'visibility' | 'language' | 'title'>): NewRow<'product_files'> => ({
    tenant_id: options.tenantId,
    product_id: productId,
    purpose: 'document',
    external_id: `${prefix}${productId}-${key}`,
    ...fields,
    version: '1.0',
    file_name: `${fields.title}.pdf`,
    content_type: file.type.contentType,
    bytes: file.bytes,
    sha256: file.sha256,
    file_version: '1.0',
    file_at: now,
    created_at: now,
    updated_at: now,
  });
  const rows = options.productIds.flatMap((productId) => [
    row(productId, 'ds-de', { kind: 'data_sheet', visibility: 'everyone', language: 'de', title: 'Technisches Datenblatt' }),
    row(productId, 'ds-en', { kind: 'data_sheet', visibility: 'everyone', language: 'en', title: 'Technical data sheet' }),
    row(productId, 'sds', { kind: 'safety_data_sheet', visibility: 'everyone', language: 'de', title: 'Sicherheitsdatenblatt' }),
    row(productId, 'manual', { kind: 'manual', visibility: 'signed_in', language: null, title: 'Montageanleitung' }),
    row(productId, 'cert', { kind: 'certificate', visibility: 'companies', language: 'de', title: 'Werksprüfzeugnis' }),
  ]);
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < rows.length; from += batchRows) await trx.insertInto('product_files').values(rows.slice(from, from + batchRows)).execute();
    await trx
      .insertInto('product_file_companies')
      .columns(['file_id', 'company_id', 'tenant_id'])
      .expression((eb) =>
        eb
          .selectFrom('product_files')
          .select(['id', eb.val(options.companyId).as('company_id'), 'tenant_id'])
          .where('tenant_id', '=', options.tenantId)
          .where('external_id', 'like', `${prefix}%-cert`),
      )
      .execute();
  });
  return true;
}
