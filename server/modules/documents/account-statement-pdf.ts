import { daysOverdue } from '../../../core/finance-summary.ts';
import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { startDocument } from './document-layout.ts';
import { dayInstant, money } from './document-format.ts';
import type { SellerSnapshot } from './document-snapshots.ts';
import type { OpenItemRow } from './documents.repository.ts';

// The account statement: the company's open items (invoices and credits not yet settled) as of a day,
// with due dates, days overdue and the open amounts, then the totals per currency. A credit lowers the
// balance, so its open amount is printed negative. All sums in integer cents.

export interface StatementInput {
  company: { name: string; customerNo: string };
  seller: SellerSnapshot;
  logo: Buffer | null;
  items: readonly OpenItemRow[];
  /** The day the statement is made for ('YYYY-MM-DD'). */
  asOf: string;
  locale: Locale;
}

/** What the statement is called (its PDF's title and file name): the customer and the day, e.g. 'Kontoauszug-10001-2026-11-24'. */
export function statementNumber(customerNo: string, asOf: string, locale: Locale): string {
  return translatorFor(locale)('document.statement.name', { customerNo, date: asOf });
}

interface CurrencyTotals {
  invoices: number;
  credits: number;
  overdue: number;
}

export async function renderAccountStatementPdf({ company, seller, logo, items, asOf, locale }: StatementInput): Promise<Buffer> {
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`document.statement.${key}`, params);
  const number = statementNumber(company.customerNo, asOf, locale);
  const page = await startDocument({ number, issuedAt: dayInstant(asOf), locale, seller, logo });
  page.addressAndFacts(
    [company.name],
    [
      [k('customer_no'), company.customerNo],
      [k('as_of'), formatShopDate(asOf, locale)],
    ],
  );
  page.title(k('title'));
  if (items.length === 0) {
    page.paragraph(k('no_open_items'));
    return page.finish();
  }

  const byCurrency = new Map<string, CurrencyTotals>();
  const rows = items.map((item) => {
    const signed = item.type === 'credit' ? -item.open_amount_cents : item.open_amount_cents;
    // The finance view's rule (core/finance-summary.ts): only an invoice is overdue, a credit is owed to the buyer.
    const overdueDays = daysOverdue({ type: item.type, openCents: item.open_amount_cents, settlement: item.payment_status, dueDate: item.due_date }, asOf);
    const totals = byCurrency.get(item.currency) ?? { invoices: 0, credits: 0, overdue: 0 };
    if (item.type === 'credit') totals.credits += signed;
    else totals.invoices += signed;
    if (overdueDays > 0) totals.overdue += signed;
    byCurrency.set(item.currency, totals);
    return [
      item.fin_doc_number,
      t(`document.statement.type_${item.type}`),
      formatShopDate(item.doc_date, locale),
      formatShopDate(item.due_date, locale),
      overdueDays > 0 ? String(overdueDays) : '',
      money(item.type === 'credit' ? -item.amount_cents : item.amount_cents, item.currency, locale),
      money(signed, item.currency, locale),
    ];
  });
  page.table(
    [
      { label: k('number'), share: 0.17 },
      { label: k('type'), share: 0.13 },
      { label: k('doc_date'), share: 0.13 },
      { label: k('due_date'), share: 0.13 },
      { label: k('days_overdue'), share: 0.12, align: 'right' },
      { label: k('amount'), share: 0.16, align: 'right' },
      { label: k('open_amount'), share: 0.16, align: 'right' },
    ],
    rows,
  );
  const several = byCurrency.size > 1;
  for (const [currency, totals] of byCurrency) {
    const label = (key: string) => (several ? `${k(key)} (${currency})` : k(key));
    const rowsOfCurrency: [string, string][] = [
      [label('open_invoices'), money(totals.invoices, currency, locale)],
      [label('open_credits'), money(totals.credits, currency, locale)],
    ];
    if (totals.overdue !== 0) rowsOfCurrency.push([label('overdue'), money(totals.overdue, currency, locale)]);
    rowsOfCurrency.push([label('balance'), money(totals.invoices + totals.credits, currency, locale)]);
    page.totals(rowsOfCurrency);
  }
  return page.finish();
}
