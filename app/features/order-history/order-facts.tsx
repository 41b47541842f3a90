import type { ReactNode } from 'react';
import { intlLocaleOf } from '../../../core/locale';
import { formatAmount, formatMoney } from '../../../core/money';
import type { OrderDetail, OrderView } from '../../../server/page-surface.server';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { AddressText } from '../checkout/address-block';
import { PdfLink } from './download-links';

// The rest of an order's snapshot: its totals as they were charged, where it went and how it was paid
// and shipped, the notes per delivery date, and its documents (the order confirmation as PDF, the
// delivery notes the ERP linked).

const card = 'rounded-lg border border-zinc-200 bg-white p-4';

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-zinc-200 pt-2 text-base font-semibold text-zinc-950' : 'text-zinc-700'}`}>
      <dt>{label}</dt>
      <dd className="price text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The totals as charged: on the order's page and after placing it (/thank-you, /order-failed). */
export function OrderCosts({ order }: { order: OrderView }) {
  const { t, locale } = useTranslation();
  const money = (amount: { value: number; currency: string }) => formatAmount(amount, locale);
  const percent = (value: number) => value.toLocaleString(intlLocaleOf(locale));
  const { costs } = order;
  return (
    <section aria-labelledby="order-costs" className={card} data-testid="order-costs">
      <h2 id="order-costs" className="mb-3 text-base font-semibold text-zinc-900">
        {t('cart.summary.title')}
      </h2>
      <dl className="space-y-2 text-sm">
        <Row label={t('cart.summary.goods.net')} value={money(costs.goodsNet)} />
        {costs.discount.treatment === 'deducted' && 'value' in costs.discount ? (
          <Row label={t('cart.summary.discount', { percent: percent(costs.discount.percent) })} value={`− ${formatMoney(costs.discount.value, costs.valueGross.currency, locale)}`} />
        ) : null}
        <Row label={order.shippingMethod ? t('cart.summary.shipping', { method: order.shippingMethod }) : t('thank_you.shipping')} value={money(costs.shippingPriceForOrder)} />
        {costs.freight.value !== 0 ? <Row label={t('checkout.shipping.freight')} value={money(costs.freight)} /> : null}
        <Row label={t('cart.summary.total.net')} value={money(costs.valueNet)} />
        {costs.vatByRate.map((share) => (
          <Row key={share.vatRate} label={t('cart.summary.vat', { rate: percent(share.vatRate) })} value={money(share.vat)} />
        ))}
        <Row label={t('cart.summary.total.gross')} value={money(costs.valueGross)} strong testId="order-total" />
      </dl>
      {costs.discount.treatment === 'included' ? <p className="mt-3 text-xs text-zinc-600">{t('cart.summary.discount.included', { percent: percent(costs.discount.percent) })}</p> : null}
    </section>
  );
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-zinc-800">{term}:</dt>
      <dd className="text-zinc-700" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Addresses, shipping, payment and notes: on the order's page and after placing it. */
export function OrderDelivery({ order }: { order: OrderView }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="order-delivery" className={`${card} space-y-4`} data-testid="order-delivery">
      <h2 id="order-delivery" className="text-base font-semibold text-zinc-900">
        {t('thank_you.delivery_payment')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-medium text-zinc-800">{t('checkout.address.shipping')}</h3>
          <AddressText address={order.receiverAddress} />
        </div>
        {order.invoiceAddress ? (
          <div>
            <h3 className="mb-1 text-sm font-medium text-zinc-800">{t('checkout.address.invoice')}</h3>
            <AddressText address={order.invoiceAddress} />
          </div>
        ) : null}
      </div>
      <dl className="space-y-1 text-sm">
        {order.shippingMethod ? <Fact term={t('checkout.shipping.title')}>{order.shippingMethod}</Fact> : null}
        {order.paymentMethod ? (
          <Fact term={t('checkout.payment.title')} testId="order-payment">
            {order.paymentMethod}
          </Fact>
        ) : null}
        {order.deliveryDate ? <Fact term={t('order_detail.delivery_date')}>{formatShopDateNumeric(order.deliveryDate, locale)}</Fact> : null}
      </dl>
      {order.notes.length > 0 ? (
        <div data-testid="order-notes">
          <h3 className="mb-1 text-sm font-medium text-zinc-800">{t('thank_you.notes')}</h3>
          <ul className="space-y-1 text-sm text-zinc-700">
            {order.notes.map((note, index) => (
              <li key={index} className="break-words whitespace-pre-line">
                <span className="font-medium">{note.deliveryDate ? `${formatShopDateNumeric(note.deliveryDate, locale)}: ` : `${t('order_detail.notes.all')}: `}</span>
                {note.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function OrderDocuments({ order, confirmationHref }: { order: OrderDetail; confirmationHref: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="order-documents" className={card} data-testid="order-documents">
      <h2 id="order-documents" className="mb-3 text-base font-semibold text-zinc-900">
        {t('order_detail.documents')}
      </h2>
      <ul className="space-y-2 text-sm">
        <li>
          <PdfLink href={confirmationHref} testId="order-confirmation-pdf">
            {t('order_detail.documents.confirmation')} (PDF)
          </PdfLink>
        </li>
        {order.delDocumentsLinks.map((link, index) => (
          <li key={link}>
            <a href={link} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 text-brand-text underline underline-offset-2" data-testid="delivery-document">
              {t('order_detail.documents.delivery_note', { number: index + 1 })}
              <ExternalLinkIcon className="size-4 shrink-0" />
              <span className="sr-only">{t('common.opens_new_tab')}</span>
            </a>
          </li>
        ))}
      </ul>
      {order.delDocumentsLinks.length === 0 ? <p className="mt-2 text-xs text-zinc-600">{t('order_detail.documents.no_delivery_notes')}</p> : null}
    </section>
  );
}
