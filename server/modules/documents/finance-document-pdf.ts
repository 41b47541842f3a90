import type { Locale } from '../../../core/locale.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import { translatorFor } from '../../i18n.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { startDocument } from './document-layout.ts';
import { buyerAddressLines, dayInstant, money } from './document-format.ts';
import { readBuyer, readLines, readSeller, readVatShares } from './document-snapshots.ts';
import type { FinanceDocumentRow } from './documents.repository.ts';

// An invoice or a credit note as it was issued: printed only from its own row and the snapshots stored
// with it (seller, buyer, lines, VAT per rate), never from today's catalogue or settings. Its settlement
// (open amount, payment status) changes after issue and so is not printed: the PDF stays the same.
// A document without readable lines (some ERPs deliver totals only) prints its totals.

export async function renderFinanceDocumentPdf(row: FinanceDocumentRow, options: { locale: Locale; logo: Buffer | null }): Promise<Buffer> {
  const { locale } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`document.finance.${key}`, params);
  const amount = (cents: number) => money(cents, row.currency, locale);
  const seller = readSeller(row.seller);
  const buyer = readBuyer(row.buyer);
  const lines = readLines(row.lines);
  const shares = readVatShares(row.vat_by_rate);

  const facts: [string, string][] = [[k(row.type === 'credit' ? 'credit_number' : 'invoice_number'), row.fin_doc_number]];
  if (row.external_number) facts.push([k('external_number'), row.external_number]);
  facts.push([k('doc_date'), formatShopDate(row.doc_date, locale)]);
  if (buyer?.customerNo) facts.push([k('customer_no'), buyer.customerNo]);
  if (buyer?.vatId) facts.push([k('vat_id'), buyer.vatId]);
  if (row.due_date) facts.push([k('due_date'), formatShopDate(row.due_date, locale)]);

  const page = await startDocument({ number: row.fin_doc_number, issuedAt: dayInstant(row.doc_date), locale, seller, logo: options.logo });
  page.addressAndFacts(buyerAddressLines(buyer), facts);
  page.title(k(row.type === 'credit' ? 'credit_title' : 'invoice_title', { number: row.fin_doc_number }));
  if (lines.length > 0) {
    page.table(
      [
        { label: k('position'), share: 0.06, align: 'right' },
        { label: k('sku'), share: 0.15 },
        { label: k('name'), share: 0.35 },
        { label: k('quantity'), share: 0.09, align: 'right' },
        { label: k('unit_price'), share: 0.13, align: 'right' },
        { label: k('vat_rate'), share: 0.08, align: 'right' },
        { label: k('line_net'), share: 0.14, align: 'right' },
      ],
      lines.map((line, index) => [String(index + 1), line.sku ?? '', line.name, String(line.quantity), amount(line.unitPriceCents), `${bpToPercent(line.vatRateBp)} %`, amount(line.lineNetCents)]),
    );
  }

  const totals: [string, string][] = [];
  if (row.net_cents !== null) totals.push([k('net'), amount(row.net_cents)]);
  if (shares.length > 0) for (const share of shares) totals.push([k('vat', { rate: bpToPercent(share.rateBp) }), amount(share.vatCents)]);
  else if (row.vat_cents !== null) totals.push([k('vat_total'), amount(row.vat_cents)]);
  totals.push([k(row.type === 'credit' ? 'credit_amount' : 'gross'), amount(row.amount_cents)]);
  page.totals(totals);
  if (row.type === 'invoice' && row.due_date) page.paragraph(k('payable_until', { date: formatShopDate(row.due_date, locale) }));
  return page.finish();
}
