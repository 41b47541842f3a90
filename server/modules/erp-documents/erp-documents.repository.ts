import type { Insertable, Updateable } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { FinanceDocumentsTable } from '../../db/schema.ts';

// What the ERP's document upsert reads and writes: finance_documents by the ERP's key, always within the
// API client's tenant, and the ERP's PDF of a document (finance_document_pdfs, migration 0036). The
// finance view's kept counts and open items follow every write by triggers (migrations 0021, 0023).

/** The columns the ERP sets; the rest (seller, buyer, created_at) are the shop's, written once. */
export const erpDocumentColumns = [
  'company_id',
  'order_id',
  'type',
  'fin_doc_number',
  'doc_date',
  'doc_type_name',
  'due_date',
  'currency',
  'net_cents',
  'vat_cents',
  'amount_cents',
  'open_amount_cents',
  'balance_cents',
  'payment_status',
  'postway',
  'document_link',
  'lines',
  'vat_by_rate',
] as const;

export type ErpDocumentValues = Pick<Insertable<FinanceDocumentsTable>, (typeof erpDocumentColumns)[number]> & { lines: string; vat_by_rate: string };

export function createErpDocumentsRepository(db: Database) {
  return {
    /** Runs `work` in one transaction: the check of the number and the write go together. */
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findCompany(tenantId: number, customerNo: string) {
      return db.selectFrom('companies').select(['id', 'name', 'customer_no']).where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirst();
    },

    /** The company's order with this number (another company's is none). */
    findOrderOf(tenantId: number, companyId: number, orderNumber: string) {
      return db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('order_number', '=', orderNumber).executeTakeFirst();
    },

    findByExternalId(trx: Executor, tenantId: number, externalId: string) {
      return trx.selectFrom('finance_documents').select(['id', ...erpDocumentColumns]).where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirst();
    },

    /** The document (any, the shop's own too) that carries this number in the tenant. */
    async documentWithNumber(trx: Executor, tenantId: number, number: string): Promise<number | undefined> {
      const row = await trx.selectFrom('finance_documents').select('id').where('tenant_id', '=', tenantId).where('fin_doc_number', '=', number).executeTakeFirst();
      return row?.id;
    },

    /** Inserts the document; undefined when a concurrent request wrote the same key or number first. */
    async insert(trx: DatabaseTransaction, row: ErpDocumentValues & { tenant_id: number; external_id: string; seller: string | null; buyer: string | null }): Promise<number | undefined> {
      const inserted = await trx
        .insertInto('finance_documents')
        .values(row)
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    async update(trx: DatabaseTransaction, tenantId: number, id: number, values: Updateable<FinanceDocumentsTable>): Promise<void> {
      await trx.updateTable('finance_documents').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    /** The seller company as it is now, in the shape of the documents' seller snapshot (document-snapshots.ts). */
    findSeller(trx: Executor, tenantId: number) {
      return trx
        .selectFrom('seller_companies')
        .select(['name', 'address', 'post_code as postCode', 'city', 'country_code as countryCode', 'country_name as countryName', 'phone', 'email', 'logo_url as logoUrl'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
    },

    /** The company's default invoice address, else its default address: where its documents go. */
    findBillingAddress(trx: Executor, tenantId: number, companyId: number) {
      return trx
        .selectFrom('addresses')
        .select(['type', 'street', 'zip_code', 'city', 'country_code', 'country_name'])
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .where('is_default', '=', 1)
        .where('type', 'in', [0, 2])
        .orderBy('type', 'desc')
        .executeTakeFirst();
    },

    /** What the answer names besides the document's own columns: its company's and order's numbers, and whether the ERP's PDF is there. */
    async namesOf(tenantId: number, documentId: number) {
      return db
        .selectFrom('finance_documents as fd')
        .innerJoin('companies as c', 'c.id', 'fd.company_id')
        .leftJoin('orders as o', 'o.id', 'fd.order_id')
        .leftJoin('finance_document_pdfs as p', 'p.document_id', 'fd.id')
        .select(['c.customer_no', 'o.order_number', 'p.byte_size as pdf_bytes'])
        .where('fd.tenant_id', '=', tenantId)
        .where('fd.id', '=', documentId)
        .executeTakeFirstOrThrow();
    },

    findDocumentId(tenantId: number, externalId: string) {
      return db.selectFrom('finance_documents').select('id').where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirst();
    },

    findPdfHash(tenantId: number, documentId: number) {
      return db.selectFrom('finance_document_pdfs').select('sha256').where('tenant_id', '=', tenantId).where('document_id', '=', documentId).executeTakeFirst();
    },

    async savePdf(tenantId: number, documentId: number, pdf: Buffer, sha256: string): Promise<void> {
      const values = { pdf, byte_size: pdf.length, sha256 };
      await db
        .insertInto('finance_document_pdfs')
        .values({ tenant_id: tenantId, document_id: documentId, ...values })
        .onConflict((conflict) => conflict.column('document_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type ErpDocumentsRepository = ReturnType<typeof createErpDocumentsRepository>;
export type StoredErpDocument = NonNullable<Awaited<ReturnType<ErpDocumentsRepository['findByExternalId']>>>;
