import { Link } from 'react-router';
import { formatAmount } from '../../../core/money';
import type { ShownPaymentStatus } from '../../../core/finance-summary';
import type { FinanceDocumentView } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { PdfLink } from '../order-history/download-links';
import { orderPath } from '../order-history/history-fields';
import { StatusChip, type ChipTone } from '../order-history/status-chip';
import { financeDocumentPath } from './finance-fields';

// The invoices and credit notes of one page: a dense table with a sticky header from 1024 px, a compact
// card per document below (the other one is display:none, hidden from screen readers too). An overdue
// invoice stands out by colour (a red edge and tint) and by words (its status and how many days late).
// Each document links to its PDF and, where the user may open it, to the order it bills.

const statusTones: Record<ShownPaymentStatus, ChipTone> = { open: 'info', partiallyPaid: 'warning', overdue: 'danger', paid: 'success' };

function useDocumentText() {
  const { t, locale } = useTranslation();
  return {
    money: (amount: { value: number; currency: string }) => formatAmount(amount, locale),
    date: (value: string | null) => (value ? formatShopDateNumeric(value, locale) : '–'),
    late: (document: FinanceDocumentView) => t('finance.days_overdue', { count: document.daysOverdue }),
  };
}

function PaymentChip({ document }: { document: FinanceDocumentView }) {
  const { t } = useTranslation();
  return (
    <StatusChip tone={statusTones[document.paymentStatus]} testId="finance-status">
      {t(`finance.payment_status.${document.paymentStatus}`)}
    </StatusChip>
  );
}

function DocumentPdf({ document, compact }: { document: FinanceDocumentView; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <PdfLink
      href={financeDocumentPath(document._id)}
      testId="finance-pdf"
      className={`inline-flex items-center gap-1 rounded-md font-medium whitespace-nowrap text-brand-text hover:underline ${compact ? 'h-9 px-1 text-sm' : 'h-8 px-1 text-sm'}`}
    >
      PDF<span className="sr-only"> {t('finance.pdf_of', { number: document.finDocNumber })}</span>
    </PdfLink>
  );
}

function OrderLink({ orderId }: { orderId: number | null }) {
  const { t } = useTranslation();
  if (orderId === null) return null;
  return (
    // At least 24 px high (WCAG 2.5.8), as it sits right under the PDF link.
    <Link to={orderPath(orderId)} className="inline-flex min-h-6 items-center text-xs whitespace-nowrap text-brand-text underline-offset-2 hover:underline">
      {t('finance.to_order')}
    </Link>
  );
}

// Under the sticky page header, as the order history's table.
const th = 'sticky top-[6.875rem] z-10 border-b border-zinc-200 bg-zinc-50 px-2.5 py-2 text-left text-xs font-medium text-zinc-600';
const td = 'border-b border-zinc-100 px-2.5 py-1.5';

function FinanceTable({ documents }: { documents: readonly FinanceDocumentView[] }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  // Dense enough for the account area's width at 1024–1280 px: the due date sits under the document's
  // date, and the amount under what is still open of it.
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-sm lg:table" data-testid="finance-table">
      <caption className="sr-only">{t('finance.title')}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>{t('finance.column.number')}</th>
          <th scope="col" className={th}>{t('finance.column.type')}</th>
          <th scope="col" className={th}>{t('finance.column.dates')}</th>
          <th scope="col" className={`${th} text-right`}>{t('finance.column.open_of_amount')}</th>
          <th scope="col" className={`${th} text-right`}>{t('finance.column.balance')}</th>
          <th scope="col" className={th}>{t('finance.column.status')}</th>
          <th scope="col" className={th}><span className="sr-only">{t('finance.column.pdf')}</span></th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document._id} className={document.isOverdue ? 'bg-danger-soft/60' : 'hover:bg-zinc-50'} data-testid="finance-row" data-overdue={document.isOverdue || undefined}>
            <td className={`${td} border-l-4 ${document.isOverdue ? 'border-l-red-700' : 'border-l-transparent'}`}>
              <span className="num block font-medium whitespace-nowrap text-zinc-900">{document.finDocNumber}</span>
              {document.externalInvoiceNumber ? <span className="num block text-xs text-zinc-600">{t('finance.external', { number: document.externalInvoiceNumber })}</span> : null}
            </td>
            <td className={td}>
              <span className="block text-zinc-800">{document.docTypeName}</span>
              {document.postway ? <span className="block text-xs text-zinc-600">{document.postway}</span> : null}
            </td>
            <td className={`${td} num whitespace-nowrap`}>
              <span className="block text-zinc-800">{text.date(document.docDate)}</span>
              <span className={`block text-xs ${document.isOverdue ? 'font-medium text-red-900' : 'text-zinc-600'}`}>
                {document.dueDate ? t('finance.card.due', { date: text.date(document.dueDate) }) : t('finance.no_due_date')}
                {document.isOverdue ? <span className="block font-normal">{text.late(document)}</span> : null}
              </span>
            </td>
            <td className={`${td} text-right`}>
              <span className="price block font-medium text-zinc-900">{text.money(document.openAmount)}</span>
              <span className="price block text-xs text-zinc-600">{t('finance.of_amount', { amount: text.money(document.amount) })}</span>
            </td>
            <td className={`${td} price text-right text-zinc-700`}>{text.money(document.balance)}</td>
            <td className={td}><PaymentChip document={document} /></td>
            <td className={`${td} text-right`}>
              <DocumentPdf document={document} compact={false} />
              <span className="block"><OrderLink orderId={document.orderId} /></span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FinanceCards({ documents }: { documents: readonly FinanceDocumentView[] }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  return (
    <ul className="grid gap-2 md:grid-cols-2 lg:hidden" data-testid="finance-cards">
      {documents.map((document) => (
        <li
          key={document._id}
          className={`rounded-lg border border-l-4 p-3 ${document.isOverdue ? 'border-red-200 border-l-red-700 bg-danger-soft' : 'border-zinc-200 border-l-zinc-200 bg-white'}`}
          data-testid="finance-card"
          data-overdue={document.isOverdue || undefined}
        >
          <div className="flex items-baseline justify-between gap-3">
            <span className="num font-semibold text-zinc-900">{document.finDocNumber}</span>
            <span className="price font-semibold text-zinc-900">
              <span className="text-xs font-normal text-zinc-600">{t('finance.column.open')} </span>
              {text.money(document.openAmount)}
            </span>
          </div>
          <p className="text-xs text-zinc-600">
            {document.docTypeName} · <span className="num">{text.date(document.docDate)}</span> · {t('finance.card.amount', { amount: text.money(document.amount) })}
          </p>
          <p className={`text-xs ${document.isOverdue ? 'font-medium text-red-900' : 'text-zinc-600'}`}>
            {document.dueDate ? t('finance.card.due', { date: text.date(document.dueDate) }) : t('finance.no_due_date')}
            {document.isOverdue ? ` · ${text.late(document)}` : null}
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <PaymentChip document={document} />
            <span className="flex items-center gap-3">
              <OrderLink orderId={document.orderId} />
              <DocumentPdf document={document} compact />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function FinanceDocuments({ documents }: { documents: readonly FinanceDocumentView[] }) {
  return (
    <>
      <div className="hidden rounded-lg border border-zinc-200 bg-white lg:block">
        <FinanceTable documents={documents} />
      </div>
      <FinanceCards documents={documents} />
    </>
  );
}
