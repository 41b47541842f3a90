import { Link } from 'react-router';
import { formatMoney } from '../../../core/money';
import type { OrderHistoryEntry } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { formatNumber } from '../catalog/format-number';
import { orderPath } from './history-fields';
import { DeliveryStatusChip, OrderStatusChip, PaymentStatusChip } from './status-chip';

// The orders of one history page: a dense table with a sticky header from 1024 px, a compact card per
// order below. Only one of the two is displayed at a width; the other is display:none and so
// hidden from screen readers as well. Each order's number links to its detail page.

function useOrderTotal(showNetPrices: boolean) {
  const { locale } = useTranslation();
  return (order: OrderHistoryEntry) => formatMoney(showNetPrices ? order.total.valueNet : order.total.valueGross, order.total.currency, locale);
}

// Under the sticky page header (its top row and category bar, as the product list's header: catalog/product-list-table.tsx).
const th = 'sticky top-[6.875rem] z-10 border-b border-zinc-200 bg-zinc-50 px-2 py-2 text-left text-xs font-medium text-zinc-600';

function HistoryTable({ orders, showNetPrices }: { orders: readonly OrderHistoryEntry[]; showNetPrices: boolean }) {
  const { t, locale } = useTranslation();
  const total = useOrderTotal(showNetPrices);
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-sm lg:table" data-testid="order-table">
      <caption className="sr-only">{t('order_history.title')}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>{t('order_history.column.number')}</th>
          <th scope="col" className={th}>{t('order_history.column.date')}</th>
          <th scope="col" className={th}>{t('order_history.column.po')}</th>
          <th scope="col" className={th}>{t('order_history.column.status')}</th>
          <th scope="col" className={th}>{t('order_history.column.delivery')}</th>
          <th scope="col" className={th}>{t('order_history.column.payment')}</th>
          <th scope="col" className={`${th} text-right`}>{t('order_history.column.lines')}</th>
          <th scope="col" className={`${th} text-right`}>{t(showNetPrices ? 'order_history.column.total_net' : 'order_history.column.total_gross')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id} className="hover:bg-zinc-50" data-testid="order-row">
            <td className="h-11 border-b border-zinc-100 px-2">
              <Link to={orderPath(order._id)} className="num font-medium whitespace-nowrap text-brand-text underline-offset-2 hover:underline" data-testid="order-link">
                {order.orderNumber}
              </Link>
              {order.placedBy ? <span className="block text-xs text-zinc-600" data-testid="order-placed-by">{t('order_history.placed_by', { name: order.placedBy })}</span> : null}
            </td>
            <td className="num border-b border-zinc-100 px-2 whitespace-nowrap text-zinc-700">{formatShopDateNumeric(order.orderDate, locale)}</td>
            <td className="max-w-40 truncate border-b border-zinc-100 px-2 text-zinc-700" title={order.externalOrderNumber ?? undefined}>
              {order.externalOrderNumber ?? <span className="text-zinc-500">–</span>}
            </td>
            <td className="border-b border-zinc-100 px-2"><OrderStatusChip name={order.status.name} /></td>
            <td className="border-b border-zinc-100 px-2"><DeliveryStatusChip code={order.deliveryStatus} t={t} /></td>
            <td className="border-b border-zinc-100 px-2"><PaymentStatusChip code={order.paymentStatus} t={t} /></td>
            <td className="num border-b border-zinc-100 px-2 text-right text-zinc-700">{formatNumber(order.lineCount, locale)}</td>
            <td className="price border-b border-zinc-100 px-2 text-right font-medium whitespace-nowrap text-zinc-900">{total(order)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HistoryCards({ orders, showNetPrices }: { orders: readonly OrderHistoryEntry[]; showNetPrices: boolean }) {
  const { t, locale } = useTranslation();
  const total = useOrderTotal(showNetPrices);
  return (
    <ul className="grid gap-2 md:grid-cols-2 lg:hidden" data-testid="order-cards">
      {orders.map((order) => (
        <li key={order._id} className="rounded-lg border border-zinc-200 bg-white p-3" data-testid="order-card">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={orderPath(order._id)} className="num text-base font-semibold text-brand-text underline-offset-2 hover:underline">
              {order.orderNumber}
            </Link>
            <span className="price font-semibold text-zinc-900">
              {total(order)}
              <span className="sr-only"> {t(showNetPrices ? 'order_history.net' : 'order_history.gross')}</span>
            </span>
          </div>
          <p className="mt-0.5 text-xs text-zinc-600">
            <span className="num">{formatShopDateNumeric(order.orderDate, locale)}</span>
            {' · '}
            {t('order_history.lines', { count: order.lineCount, formatted: formatNumber(order.lineCount, locale) })}
            {order.externalOrderNumber ? (
              <>
                {' · '}
                <span className="break-all">{t('order_history.po', { po: order.externalOrderNumber })}</span>
              </>
            ) : null}
          </p>
          {order.placedBy ? <p className="mt-0.5 text-xs text-zinc-600" data-testid="order-placed-by">{t('order_history.placed_by', { name: order.placedBy })}</p> : null}
          <div className="mt-2 flex flex-wrap gap-1.5">
            <OrderStatusChip name={order.status.name} />
            <DeliveryStatusChip code={order.deliveryStatus} t={t} />
            <PaymentStatusChip code={order.paymentStatus} t={t} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function HistoryList({ orders, showNetPrices }: { orders: readonly OrderHistoryEntry[]; showNetPrices: boolean }) {
  return (
    <>
      <div className="hidden rounded-lg border border-zinc-200 bg-white lg:block">
        <HistoryTable orders={orders} showNetPrices={showNetPrices} />
      </div>
      <HistoryCards orders={orders} showNetPrices={showNetPrices} />
    </>
  );
}
