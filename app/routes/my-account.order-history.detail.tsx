import { Link } from 'react-router';
import type { Route } from './+types/my-account.order-history.detail';
import { appLoadContext } from '../app-context';
import { formatShopDateNumeric } from '../../core/shop-date-format';
import { orderHistoryPath, orderPath } from '../features/order-history/history-fields';
import { ArrowLeftGlyph } from '../features/order-history/history-glyphs';
import { loadOrderDetail, reorderFromForm } from '../features/order-history/order-detail.server';
import { OrderCosts, OrderDelivery, OrderDocuments } from '../features/order-history/order-facts';
import { OrderLines } from '../features/order-history/order-lines';
import { OrderPacks, StatusTimeline } from '../features/order-history/order-progress';
import { OrderShipments } from '../features/order-history/order-shipments';
import { ReorderButton } from '../features/order-history/reorder-button';
import { ReorderResult } from '../features/order-history/reorder-result';
import { DeliveryStatusChip, OrderStatusChip, PaymentStatusChip } from '../features/order-history/status-chip';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /my-account/order-history/:id (docs/product.md, Orders): one order, read like a delivery note:
// its status timeline and parcels with tracking on top (the ERP's shipments with their contents below them), then the lines as ordered, the totals, addresses,
// payment and shipping, notes and documents. "Order again" puts the whole order or one line into the
// current cart at today's prices and availability (the page's action, as POST /api/order/{id}/reorder),
// and the page then says what was added, added with less, or left out, and why. An unknown, foreign or
// hidden order is the 'Order not found' page (404).

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOrderDetail(context.get(appLoadContext), params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  return reorderFromForm(app, params.id, await readForm(request, app));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? pageTitle(matches, 'order', { orderNumber: loaderData.order.orderNumber }) : pageTitle(matches, 'order_history');
}

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { order } = loaderData;
  return (
    <div className="space-y-4" data-testid="order-detail">
      <Link to={orderHistoryPath} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text hover:underline">
        <ArrowLeftGlyph className="size-4" />
        {t('order_detail.back')}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold text-zinc-900">
            {t('order_detail.title')} <span className="num" data-testid="order-number">{order.orderNumber}</span>
            {order.erpOrderNumber ? (
              // The wholesaler's own number for the order, once its ERP took it: what its staff ask for on the phone.
              <span className="block text-sm font-normal text-zinc-700 sm:ml-3 sm:inline" data-testid="erp-order-number">
                {t('order_detail.erp_order_number', { number: order.erpOrderNumber })}
              </span>
            ) : null}
          </h1>
          <p className="text-sm text-zinc-700">
            {t('order_detail.placed', { date: formatShopDateNumeric(order.orderDate, locale) })}
            {order.externalOrderNumber ? <> · <span className="break-all">{t('order_history.po', { po: order.externalOrderNumber })}</span></> : null}
            {' · '}
            {t(`order.type.${order.orderType}`)}
          </p>
          {order.placedBy ? (
            // A sales person placed it for the company: the customer sees who acted in its name.
            <p className="text-sm text-zinc-800" data-testid="order-placed-by">
              {t('order_detail.placed_by', { name: order.placedBy.name, company: `${order.placedBy.companyName} (${order.placedBy.customerNo})` })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-1.5 pt-1">
            <OrderStatusChip name={order.status.name} />
            <DeliveryStatusChip code={order.deliveryStatus} t={t} />
            <PaymentStatusChip code={order.paymentStatus} t={t} />
          </div>
        </div>
        <ReorderButton testId="reorder-all">{t('order_detail.reorder_all')}</ReorderButton>
      </header>

      {actionData?.ok === false ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900" data-testid="reorder-failure">
          {t(actionData.messageKey)}
        </p>
      ) : null}
      {actionData?.ok ? <ReorderResult answer={actionData} orderLines={order.items} /> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <StatusTimeline steps={order.statusTimeline} />
        <OrderPacks packs={order.packs} />
      </div>
      {order.shipments.length > 0 ? <OrderShipments shipments={order.shipments} /> : null}
      <OrderLines items={order.items} reviewable={loaderData.reviewable} />
      <div className="grid gap-4 lg:grid-cols-2">
        <OrderCosts order={order} />
        <OrderDelivery order={order} />
      </div>
      <OrderDocuments order={order} confirmationHref={`${orderPath(order._id)}/document`} />
    </div>
  );
}
