import type { OrderDetail } from '../../../server/page-surface.server';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { formatShopDate } from '../../../core/shop-date-format';
import { formatNumber } from '../catalog/format-number';
import { DocumentGlyph, TruckGlyph } from './history-glyphs';

// The parcels the wholesaler's ERP sent for the order (docs/erp-integration.md, "Shipments"): carrier,
// tracking code linked to its tracking page, when it left, what it holds and its delivery note. Links
// open in a new tab without handing this page to the other site (rel="noopener noreferrer"); the API
// gives only http(s) links (server/modules/orders/tracking-url.ts).

const card = 'rounded-lg border border-zinc-200 bg-white p-4';
const externalLink = 'inline-flex items-center gap-1 break-all text-brand-text underline underline-offset-2';

type Shipment = OrderDetail['shipments'][number];

function TrackingLine({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const newTab = <span className="sr-only">{t('order_detail.shipments.tracking_at', { carrier: shipment.carrier })} {t('common.opens_new_tab')}</span>;
  if (shipment.trackingCode === null) {
    return shipment.trackingUrl ? (
      <p>
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={externalLink} data-testid="shipment-tracking-link">
          {t('order_detail.shipments.tracking_page')}
          <ExternalLinkIcon className="size-3.5 shrink-0" />
          {newTab}
        </a>
      </p>
    ) : null;
  }
  return (
    <p className="text-zinc-700">
      {t('order_detail.shipments.tracking')}{' '}
      {shipment.trackingUrl ? (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={`${externalLink} font-mono`} data-testid="shipment-tracking-link">
          {shipment.trackingCode}
          <ExternalLinkIcon className="size-3.5 shrink-0" />
          {newTab}
        </a>
      ) : (
        <span className="font-mono break-all text-zinc-900">{shipment.trackingCode}</span>
      )}
    </p>
  );
}

export function OrderShipments({ shipments }: { shipments: OrderDetail['shipments'] }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="order-shipments" className={card} data-testid="order-shipments">
      <h2 id="order-shipments" className="mb-3 text-base font-semibold text-zinc-900">
        {t('order_detail.shipments')}
      </h2>
      <ul className="divide-y divide-zinc-100">
        {shipments.map((shipment, index) => (
          <li key={`${shipment.carrier}-${shipment.shippedAt}-${index}`} className="flex items-start gap-3 py-2 first:pt-0 last:pb-0" data-testid="shipment">
            <TruckGlyph className="mt-0.5 size-5 shrink-0 text-zinc-500" />
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium text-zinc-900">{shipment.carrier}</p>
              <TrackingLine shipment={shipment} />
              <p className="num text-xs text-zinc-600">
                {t('order_detail.shipments.shipped', { date: formatShopDate(shipment.shippedAt, locale, true) })}
              </p>
              {shipment.lines.length > 0 ? (
                <div>
                  <p className="text-xs font-medium text-zinc-700">{t('order_detail.shipments.lines')}</p>
                  <ul className="text-zinc-800">
                    {shipment.lines.map((line, lineIndex) => (
                      <li key={`${line.variantSku ?? line.sku}-${lineIndex}`} data-testid="shipment-line">
                        <span className="num">{t('order_detail.shipments.line', { quantity: formatNumber(line.quantity, locale), name: line.name })}</span>{' '}
                        <span className="font-mono text-xs text-zinc-600">{line.variantSku ?? line.sku}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {shipment.deliveryDocumentUrl ? (
                <p>
                  <a href={shipment.deliveryDocumentUrl} target="_blank" rel="noopener noreferrer" className={externalLink} data-testid="shipment-delivery-document">
                    <DocumentGlyph className="size-4 shrink-0" />
                    {t('order_detail.shipments.delivery_document')}
                    <ExternalLinkIcon className="size-3.5 shrink-0" />
                    <span className="sr-only">{t('common.opens_new_tab')}</span>
                  </a>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
