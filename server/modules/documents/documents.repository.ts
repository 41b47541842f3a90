import type { Database } from '../../db/database.ts';
import type { OrderScope } from '../orders/order-history-scope.ts';
import { orderColumns } from '../orders/order.repository.ts';

// What the documents are printed from, always read through the tenant and the buyer's company (and for
// orders the history's scope), so a foreign id finds nothing, exactly like an unknown one. The order's items and notes come from the orders
// module's repository; finance_documents is read here directly, as issued.

const financeDocumentColumns = [
  'id',
  'type',
  'fin_doc_number',
  'external_number',
  'doc_date',
  'due_date',
  'currency',
  'net_cents',
  'vat_cents',
  'amount_cents',
  'seller',
  'buyer',
  'lines',
  'vat_by_rate',
] as const;

export function createDocumentsRepository(db: Database) {
  return {
    /** An order the user may see (order-history-scope.ts), with the seller as it was when it was placed. */
    findOrder(scope: OrderScope, orderId: number) {
      let query = db
        .selectFrom('orders')
        .select([...orderColumns, 'seller'])
        .where('tenant_id', '=', scope.tenantId)
        .where('company_id', '=', scope.companyId)
        .where('id', '=', orderId);
      if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
      return query.executeTakeFirst();
    },

    findCompany(tenantId: number, companyId: number) {
      return db.selectFrom('companies').select(['name', 'customer_no', 'users_see_finance']).where('tenant_id', '=', tenantId).where('id', '=', companyId).executeTakeFirst();
    },

    findFinanceDocument(tenantId: number, companyId: number, documentId: number) {
      return db.selectFrom('finance_documents').select(financeDocumentColumns).where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('id', '=', documentId).executeTakeFirst();
    },

    /** The ERP's own PDF of the document (migration 0036), which the buyer gets instead of the rendered one. */
    async findErpPdf(tenantId: number, documentId: number): Promise<Buffer | null> {
      const row = await db.selectFrom('finance_document_pdfs').select('pdf').where('tenant_id', '=', tenantId).where('document_id', '=', documentId).executeTakeFirst();
      // SQLite answers a Uint8Array, PostgreSQL a Buffer: the same bytes, no copy.
      return row ? Buffer.from(row.pdf.buffer, row.pdf.byteOffset, row.pdf.byteLength) : null;
    },

    /** The company's open items (the partial index finance_documents_open_idx holds exactly these). */
    listOpenItems(tenantId: number, companyId: number) {
      return db
        .selectFrom('finance_documents')
        .select(['id', 'type', 'fin_doc_number', 'doc_date', 'due_date', 'currency', 'amount_cents', 'open_amount_cents', 'payment_status'])
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .where('open_amount_cents', '<>', 0)
        .execute();
    },

    /** The seller company as it is now, in the shape of the documents' seller snapshot. */
    findSeller(tenantId: number) {
      return db
        .selectFrom('seller_companies')
        .select(['name', 'address', 'post_code as postCode', 'city', 'country_code as countryCode', 'country_name as countryName', 'phone', 'email', 'logo_url as logoUrl'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
export type CompanyRow = NonNullable<Awaited<ReturnType<DocumentsRepository['findCompany']>>>;
export type FinanceDocumentRow = NonNullable<Awaited<ReturnType<DocumentsRepository['findFinanceDocument']>>>;
export type OpenItemRow = Awaited<ReturnType<DocumentsRepository['listOpenItems']>>[number];
