import { createHash } from 'node:crypto';
import { amountOut } from '../../../core/api-money.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import { AppError } from '../../errors.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { readLines, readVatShares } from '../documents/document-snapshots.ts';
import type { DocumentInput } from './erp-document-input.ts';
import { erpDocumentColumns, type ErpDocumentsRepository, type ErpDocumentValues, type StoredErpDocument } from './erp-documents.repository.ts';

// Invoices and credit notes from the ERP (docs/erp-integration.md, "Documents"): one document per request,
// keyed by the ERP's externalId within the API client's tenant. The buyer sees it at once: the finance list,
// its summary and exports read finance_documents, whose kept counts and open items follow by triggers
// (ADR 0014), and the document's PDF is the ERP's own once it sent one (documents.service.ts), else the
// one the shop renders from the stored lines (ADR 0013).

export type WriteResult = 'created' | 'updated' | 'unchanged';

export interface ErpDocumentView {
  id: number;
  externalId: string;
  type: 'invoice' | 'credit';
  number: string;
  companyExternalId: string;
  orderNumber: string | null;
  typeName: string;
  date: string;
  dueDate: string | null;
  currency: string;
  amount: number;
  net: number | null;
  vat: number | null;
  openAmount: number;
  balance: number;
  paymentStatus: 'open' | 'partiallyPaid' | 'paid';
  postway: string | null;
  documentLink: string | null;
  lines: { sku: string | null; name: string; quantity: number; unitPrice: number; vatRate: number; lineNet: number }[];
  vatByRate: { rate: number; net: number; vat: number }[];
  /** Whether the ERP's own PDF is stored (and shown to the buyer). */
  pdf: boolean;
}

const defaultTypeNames = { invoice: 'Rechnung', credit: 'Gutschrift' } as const;

/** Only a file that starts like a PDF is taken as the ERP's PDF. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** The columns the ERP's document sets, as stored (cents, basis points, the snapshots' JSON). */
function columnsOf(input: DocumentInput, companyId: number, orderId: number | null): ErpDocumentValues {
  const lines = (input.lines ?? []).map((line) => ({ sku: line.sku ?? null, name: line.name, quantity: line.quantity, unitPriceCents: line.unitPrice, vatRateBp: line.vatRate, lineNetCents: line.lineNet }));
  const shares = (input.vatByRate ?? []).map((share) => ({ rateBp: share.rate, netCents: share.net, vatCents: share.vat }));
  return {
    company_id: companyId,
    order_id: orderId,
    type: input.type,
    fin_doc_number: input.number,
    doc_date: input.date,
    doc_type_name: input.typeName ?? defaultTypeNames[input.type],
    due_date: input.dueDate ?? null,
    currency: input.currency,
    net_cents: input.net ?? null,
    vat_cents: input.vat ?? null,
    amount_cents: input.amount,
    open_amount_cents: input.openAmount,
    balance_cents: input.balance ?? 0,
    payment_status: input.paymentStatus,
    postway: input.postway ?? null,
    document_link: input.documentLink ?? null,
    lines: JSON.stringify(lines),
    vat_by_rate: JSON.stringify(shares),
  };
}

function sameAsStored(stored: StoredErpDocument, values: ErpDocumentValues): boolean {
  return erpDocumentColumns.every((column) => stored[column] === values[column]);
}

function viewOf(id: number, externalId: string, values: ErpDocumentValues, names: { customer_no: string; order_number: string | null; pdf_bytes: number | null }): ErpDocumentView {
  return {
    id,
    externalId,
    type: values.type,
    number: values.fin_doc_number,
    companyExternalId: names.customer_no,
    orderNumber: names.order_number,
    typeName: values.doc_type_name,
    date: values.doc_date,
    dueDate: values.due_date ?? null,
    currency: values.currency ?? 'EUR',
    amount: amountOut(values.amount_cents),
    net: values.net_cents == null ? null : amountOut(values.net_cents),
    vat: values.vat_cents == null ? null : amountOut(values.vat_cents),
    openAmount: amountOut(values.open_amount_cents),
    balance: amountOut(values.balance_cents),
    paymentStatus: values.payment_status,
    postway: values.postway ?? null,
    documentLink: values.document_link ?? null,
    lines: readLines(values.lines).map((line) => ({ sku: line.sku ?? null, name: line.name, quantity: line.quantity, unitPrice: amountOut(line.unitPriceCents), vatRate: bpToPercent(line.vatRateBp), lineNet: amountOut(line.lineNetCents) })),
    vatByRate: readVatShares(values.vat_by_rate).map((share) => ({ rate: bpToPercent(share.rateBp), net: amountOut(share.netCents), vat: amountOut(share.vatCents) })),
    pdf: names.pdf_bytes !== null,
  };
}

export function createErpDocumentsService(deps: { documents: ErpDocumentsRepository }) {
  const { documents } = deps;

  return {
    /**
     * Creates or updates the document `externalId` of the client's tenant:
     *   1. the company (its customer number) and the order (one of that company's) must exist: 422 naming the field;
     *   2. in one transaction: the stored document by its key; identical → unchanged, nothing written;
     *      its number held by another document of the tenant → 409 naming it;
     *   3. a new document gets the seller and the buyer as they are now (what the shop's PDF prints; an
     *      update keeps them, the document was issued then); an update writes the ERP's columns only.
     */
    async upsert(ctx: ErpContext, externalId: string, input: DocumentInput): Promise<{ result: WriteResult; document: ErpDocumentView }> {
      const { tenantId } = ctx;
      const company = await documents.findCompany(tenantId, input.companyExternalId);
      if (!company) throw new AppError('unprocessable', 'erp.document.company.unknown', { field: 'companyExternalId', params: { customerNo: input.companyExternalId } });
      const order = input.orderNumber ? await documents.findOrderOf(tenantId, company.id, input.orderNumber) : undefined;
      if (input.orderNumber && !order) {
        throw new AppError('unprocessable', 'erp.document.order.unknown', { field: 'orderNumber', params: { orderNumber: input.orderNumber, customerNo: company.customer_no } });
      }
      const values = columnsOf(input, company.id, order?.id ?? null);

      const written = await documents.transaction(async (trx) => {
        const stored = await documents.findByExternalId(trx, tenantId, externalId);
        if (stored && sameAsStored(stored, values)) return { id: stored.id, result: 'unchanged' as const };
        const holder = await documents.documentWithNumber(trx, tenantId, values.fin_doc_number);
        if (holder !== undefined && holder !== stored?.id) throw new AppError('conflict', 'erp.document.number.taken', { field: 'number', params: { number: values.fin_doc_number } });
        if (stored) {
          await documents.update(trx, tenantId, stored.id, values);
          return { id: stored.id, result: 'updated' as const };
        }
        const [seller, address] = await Promise.all([documents.findSeller(trx, tenantId), documents.findBillingAddress(trx, tenantId, company.id)]);
        const buyer = { companyName: company.name, customerNo: company.customer_no, street: address?.street ?? null, zipCode: address?.zip_code ?? null, city: address?.city ?? null, countryCode: address?.country_code ?? null, countryName: address?.country_name ?? null };
        const id = await documents.insert(trx, { ...values, tenant_id: tenantId, external_id: externalId, seller: seller ? JSON.stringify(seller) : null, buyer: JSON.stringify(buyer) });
        // Another request wrote the same key or number between the check and the insert.
        if (id === undefined) throw new AppError('conflict', 'erp.document.write_conflict');
        return { id, result: 'created' as const };
      });
      return { result: written.result, document: viewOf(written.id, externalId, values, await documents.namesOf(tenantId, written.id)) };
    },

    /**
     * Stores the ERP's PDF of the document `externalId`, shown to the buyer instead of the one the shop
     * renders. The same bytes again are unchanged and write nothing.
     */
    async putPdf(ctx: ErpContext, externalId: string, pdf: Buffer): Promise<{ result: WriteResult; externalId: string; bytes: number; sha256: string }> {
      if (!isPdf(pdf)) throw new AppError('validation', 'erp.document.pdf.invalid');
      const document = await documents.findDocumentId(ctx.tenantId, externalId);
      if (!document) throw new AppError('not_found', 'erp.document.not_found', { params: { externalId } });
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const stored = await documents.findPdfHash(ctx.tenantId, document.id);
      const answer = { externalId, bytes: pdf.length, sha256 };
      if (stored?.sha256 === sha256) return { result: 'unchanged', ...answer };
      await documents.savePdf(ctx.tenantId, document.id, pdf, sha256);
      return { result: stored ? 'updated' : 'created', ...answer };
    },
  };
}

export type ErpDocumentsService = ReturnType<typeof createErpDocumentsService>;
