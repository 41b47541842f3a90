import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireAccess } from '../access/access-policy.ts';
import type { FinanceReaders } from '../access/finance-readers.ts';
import type { OrderScopes } from '../orders/order-history-scope.ts';
import type { OrderRepository } from '../orders/order.repository.ts';
import { toOrderView } from '../orders/order-view.ts';
import { renderAccountStatementPdf, statementNumber } from './account-statement-pdf.ts';
import { shopToday } from '../../../core/shop-day.ts';
import { readSeller } from './document-snapshots.ts';
import type { DocumentsRepository } from './documents.repository.ts';
import { renderFinanceDocumentPdf } from './finance-document-pdf.ts';
import { renderOrderConfirmationPdf } from './order-confirmation-pdf.ts';
import { loadLogo } from './seller-logo.ts';

// The documents a buyer downloads (docs/product.md, Finance; ADR 0013): the order confirmation, each invoice and credit
// note (the ERP's own PDF of it where it sent one), the statement of open items. Who may see what is checked here, so a route loader calling this
// in process is held to it as well: orders by the order history's scope, finance documents by the finance
// readers' rule (server/modules/access/finance-readers.ts). A foreign, hidden or unknown id answers 404 alike.

export interface RenderedDocument {
  /** The document's number, the base of its file name. */
  name: string;
  pdf: Buffer;
}

interface DocumentsDeps {
  documents: DocumentsRepository;
  orders: OrderRepository;
  orderScopes: Pick<OrderScopes, 'scopeOf'>;
  financeReaders: Pick<FinanceReaders, 'scopeOf'>;
  mediaDir: string;
}

const notFound = () => new AppError('not_found', 'document.not_found');

export function createDocumentsService(deps: DocumentsDeps) {
  const { documents, orders, mediaDir } = deps;

  /** The company whose finance documents the caller may see; a caller acting for no company has none. */
  async function financeCompanyOf(ctx: RequestContext): Promise<{ tenantId: number; companyId: number }> {
    const scope = await deps.financeReaders.scopeOf(ctx);
    if (!scope) throw notFound();
    return scope;
  }

  return {
    async orderConfirmation(requestCtx: RequestContext, orderId: number): Promise<RenderedDocument> {
      const ctx = requireAccess(requestCtx, 'accountUser');
      const scope = await deps.orderScopes.scopeOf(ctx);
      const order = scope && (await documents.findOrder(scope, orderId));
      if (!order) throw new AppError('not_found', 'order.not_found');
      const seller = readSeller(order.seller);
      const [items, notes, logo] = await Promise.all([orders.findItems(ctx.tenant.id, [order.id]), orders.findNotes(ctx.tenant.id, [order.id]), loadLogo(mediaDir, seller.logoUrl)]);
      const pdf = await renderOrderConfirmationPdf({ order: toOrderView(order, items, notes), seller, logo, locale: ctx.locale });
      return { name: order.order_number, pdf };
    },

    async financeDocument(ctx: RequestContext, documentId: number): Promise<RenderedDocument> {
      const { tenantId, companyId } = await financeCompanyOf(ctx);
      const row = await documents.findFinanceDocument(tenantId, companyId, documentId);
      if (!row) throw notFound();
      // The ERP's own PDF, where it sent one (PUT /erp/v1/documents/{externalId}/pdf), is the document.
      const erpPdf = await documents.findErpPdf(tenantId, row.id);
      if (erpPdf) return { name: row.fin_doc_number, pdf: erpPdf };
      const logo = await loadLogo(mediaDir, readSeller(row.seller).logoUrl);
      return { name: row.fin_doc_number, pdf: await renderFinanceDocumentPdf(row, { locale: ctx.locale, logo }) };
    },

    /** The open items as of today; the seller is today's too (a statement is made, not issued). */
    async accountStatement(ctx: RequestContext): Promise<RenderedDocument> {
      const { tenantId, companyId } = await financeCompanyOf(ctx);
      const [company, items, seller] = await Promise.all([
        documents.findCompany(tenantId, companyId),
        documents.listOpenItems(tenantId, companyId),
        documents.findSeller(tenantId),
      ]);
      if (!company) throw notFound();
      const asOf = shopToday();
      const sorted = [...items].sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.doc_date.localeCompare(b.doc_date) || a.id - b.id);
      const logo = await loadLogo(mediaDir, seller?.logoUrl);
      const pdf = await renderAccountStatementPdf({ company: { name: company.name, customerNo: company.customer_no }, seller: seller ?? readSeller(null), logo, items: sorted, asOf, locale: ctx.locale });
      return { name: statementNumber(company.customer_no, asOf, ctx.locale), pdf };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
