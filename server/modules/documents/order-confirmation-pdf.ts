import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import { confirmationContent } from '../mail/order-confirmation-mail.ts';
import type { OrderView } from '../orders/order-view.ts';
import { startDocument } from './document-layout.ts';
import type { SellerSnapshot } from './document-snapshots.ts';

// The order confirmation as a PDF: what the confirmation mail says (the same content, built by the
// same function), printed from the order's snapshot and the seller as it was when the order was placed.

export interface OrderConfirmationInput {
  order: OrderView;
  seller: SellerSnapshot;
  logo: Buffer | null;
  locale: Locale;
}

export async function renderOrderConfirmationPdf({ order, seller, logo, locale }: OrderConfirmationInput): Promise<Buffer> {
  const t = translatorFor(locale);
  const k = (key: string) => t(`mail.order_confirmation.${key}`);
  const content = confirmationContent(order, locale);
  const page = await startDocument({ number: order.orderNumber, issuedAt: new Date(order.orderDate), locale, seller, logo });

  page.addressAndFacts(content.invoice.length > 0 ? content.invoice : content.receiver, content.facts);
  page.title(t('document.order_confirmation.title', { number: order.orderNumber }));
  page.table(
    [
      { label: k('sku'), share: 0.15 },
      { label: k('name'), share: 0.35 },
      { label: k('quantity'), share: 0.09, align: 'right' },
      { label: k('unit_price'), share: 0.14, align: 'right' },
      { label: k('line_total'), share: 0.14, align: 'right' },
      { label: k('delivery_date'), share: 0.13, align: 'right' },
    ],
    content.lines.map((line) => [line.sku, line.name, line.quantity, line.unitPrice, line.lineTotal, line.deliveryDate]),
  );
  page.totals(content.totals);
  page.section(k('receiver_address'), content.receiver);
  if (content.invoice.length > 0) page.section(k('invoice_address'), content.invoice);
  if (content.notes.length > 0) page.section(k('notes'), content.notes.map((note) => (note.deliveryDate ? `${note.deliveryDate}: ${note.text}` : note.text)));
  return page.finish();
}
