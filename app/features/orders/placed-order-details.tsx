import { formatMoney } from '../../../core/money';
import type { OrderView } from '../../../server/modules/orders/order-view';
import { formatDate } from '../catalog/format-date';
import { AddressText } from '../checkout/address-block';
import { useTranslation } from '../../lib/i18n';

// What an order holds, read from its snapshot: the lines with their delivery dates, the totals as they
// were charged, the addresses, shipping, payment and notes. Shown after placing it (/thank-you) and
// when its online payment failed (/order-failed).

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

const dateOf = (value: string | null, locale: string) => (value ? formatDate(value, locale) : '');

export function PlacedOrderDetails({ order }: { order: OrderView }) {
  const { t, locale } = useTranslation();
  const money = (amount: { value: number; currency: string }) => formatMoney(amount.value, amount.currency, locale);
  const percent = (value: number) => value.toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB');
  const { costs } = order;
  const currency = costs.valueGross.currency;
  return (
    <>
      <section aria-labelledby="order-lines" className="rounded-lg border border-zinc-200 bg-white">
        <h2 id="order-lines" className="px-4 pt-4 text-base font-semibold text-zinc-900">
          {t('thank_you.lines')}
        </h2>
        <div className="overflow-x-auto p-4 focus-visible:outline-2 focus-visible:outline-brand" tabIndex={0} role="region" aria-labelledby="order-lines">
          <table className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600">
                <th scope="col" className="py-2 pr-3 font-medium">{t('thank_you.column.sku')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('cart.column.product')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('cart.column.quantity')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('cart.column.unit.price')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('cart.column.total')}</th>
                <th scope="col" className="py-2 text-right font-medium">{t('thank_you.column.delivery')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {order.items.map((item, index) => (
                <tr key={`${item.sku}-${item.variantSku ?? ''}-${item.seasonId ?? ''}-${index}`} data-testid="order-line">
                  <td className="py-2 pr-3 font-mono text-xs text-zinc-700">{item.variantSku ?? item.sku}</td>
                  <td className="py-2 pr-3 text-zinc-900">{item.name}</td>
                  <td className="price py-2 pr-3 text-right">{item.quantity}</td>
                  <td className="price py-2 pr-3 text-right">{money(item.price)}</td>
                  <td className="price py-2 pr-3 text-right">{money(item.lineNet)}</td>
                  <td className="py-2 text-right text-zinc-700">{dateOf(item.deliveryDate, locale) || t('thank_you.delivery.asap')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-zinc-600">{t('cart.prices.net')}</p>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="order-totals" className="rounded-lg border border-zinc-200 bg-white p-4">
          <h2 id="order-totals" className="mb-3 text-base font-semibold text-zinc-900">
            {t('cart.summary.title')}
          </h2>
          <dl className="space-y-2 text-sm">
            <Row label={t('cart.summary.goods.net')} value={money(costs.goodsNet)} />
            {costs.discount.treatment === 'deducted' && 'value' in costs.discount ? (
              <Row label={t('cart.summary.discount', { percent: percent(costs.discount.percent) })} value={`− ${formatMoney(costs.discount.value, currency, locale)}`} />
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

        <section aria-labelledby="order-delivery" className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4">
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
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-zinc-800">{t('checkout.shipping.title')}:</dt>
              <dd className="text-zinc-700">{order.shippingMethod}</dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-zinc-800">{t('checkout.payment.title')}:</dt>
              <dd className="text-zinc-700" data-testid="order-payment">
                {order.paymentMethod}
              </dd>
            </div>
          </dl>
          {order.notes.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-medium text-zinc-800">{t('thank_you.notes')}</h3>
              <ul className="space-y-1 text-sm text-zinc-700">
                {order.notes.map((note, index) => (
                  <li key={index} className="whitespace-pre-line">
                    {note.deliveryDate ? <span className="font-medium">{dateOf(note.deliveryDate, locale)}: </span> : null}
                    {note.text}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
