import { sql, type Kysely } from 'kysely';
import { engineOf, notNull, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// Invoices and credit notes from the ERP (PUT /erp/v1/documents/{externalId}, docs/erp-integration.md):
//  - finance_documents.external_id: the ERP's key of a document, unique per tenant where set; documents
//    the shop wrote itself (the demo history) keep it null.
//  - finance_document_pdfs: the ERP's own PDF of a document, shown to the buyer instead of the one the
//    shop renders (ADR 0013). Kept in the database, not as a file under the media folder: that folder is
//    served to anyone at /media/ (cached for days), while an invoice is for its company's readers only
//    (server/modules/access/finance-readers.ts); a row also goes with its document and tenant, is written
//    in the same transaction as its check, and is in every backup of the documents themselves.
//    sha256 tells an identical upload (unchanged, nothing written) without reading the bytes back.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.alterTable('finance_documents').addColumn('external_id', 'text').execute();
  await sql`create unique index finance_documents_tenant_id_external_id_uq on finance_documents (tenant_id, external_id) where external_id is not null`.execute(db);
  await db.schema
    .createTable('finance_document_pdfs')
    .addColumn('document_id', 'integer', (col) => ref('finance_documents.id', 'cascade')(col).primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('pdf', e === 'postgres' ? 'bytea' : 'blob', notNull)
    .addColumn('byte_size', 'integer', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('finance_document_pdfs').execute();
  await sql`drop index finance_documents_tenant_id_external_id_uq`.execute(db);
  await db.schema.alterTable('finance_documents').dropColumn('external_id').execute();
}
