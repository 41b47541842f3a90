import { formatAmount } from '../../../core/money';
import type { OrderView } from '../../../server/page-surface.server';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { OrderCosts, OrderDelivery } from '../order-history/order-facts';
import { useTranslation } from '../../lib/i18n';

// What an order holds, read from its snapshot: the lines with their delivery dates, the totals as they
// were charged, the addresses, shipping, payment and notes. Shown after placing it (/thank-you) and
// when its online payment failed (/order-failed); the totals and delivery blocks are the order page's.

const dateOf = (value: string | null, locale: string) => (value ? formatShopDateNumeric(value, locale) : '');

export function PlacedOrderDetails({ order }: { order: OrderView }) {
  const { t, locale } = useTranslation();
  const money = (amount: { value: number; currency: string }) => formatAmount(amount, locale);
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
        <OrderCosts order={order} />
        <OrderDelivery order={order} />
      </div>
    </>
  );
}
