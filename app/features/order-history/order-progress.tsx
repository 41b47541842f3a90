import type { OrderDetail } from '../../../server/page-surface.server';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { formatShopDate } from '../../../core/shop-date-format';
import { TruckGlyph } from './history-glyphs';

// How the order went on after it was placed: the status timeline (placed, then every change, the latest
// marked as now) and the parcels with carrier and tracking code. The code links to the carrier's tracking
// page (a new tab) where the API knows that page (trackingUrl); otherwise it is plain text to copy.

const card = 'rounded-lg border border-zinc-200 bg-white p-4';

export function StatusTimeline({ steps }: { steps: OrderDetail['statusTimeline'] }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="order-timeline" className={card} data-testid="status-timeline">
      <h2 id="order-timeline" className="mb-3 text-base font-semibold text-zinc-900">
        {t('order_detail.timeline')}
      </h2>
      <ol className="space-y-0">
        {steps.map((step, index) => {
          const current = index === steps.length - 1;
          return (
            <li key={`${step.statusId}-${step.at}`} className="relative flex gap-3 pb-4 last:pb-0" aria-current={current ? 'step' : undefined} data-testid="timeline-step">
              {/* The line joining the dots; the last step has none below it. */}
              {current ? null : <span aria-hidden="true" className="absolute top-4 left-[0.4375rem] h-full w-0.5 bg-zinc-200" />}
              <span aria-hidden="true" className={`relative mt-1 size-4 shrink-0 rounded-full border-2 ${current ? 'border-brand bg-brand' : 'border-zinc-400 bg-white'}`} />
              <div className="min-w-0">
                <p className={`text-sm ${current ? 'font-semibold text-zinc-900' : 'text-zinc-800'}`}>
                  {step.name}
                  {current ? <span className="ml-2 text-xs font-normal text-zinc-600">({t('order_detail.timeline.current')})</span> : null}
                </p>
                <p className="num text-xs text-zinc-600">
                  <time dateTime={step.at}>{formatShopDate(step.at, locale, true)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function OrderPacks({ packs }: { packs: OrderDetail['packs'] }) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="order-packs" className={card} data-testid="order-packs">
      <h2 id="order-packs" className="mb-3 text-base font-semibold text-zinc-900">
        {t('order_detail.packs')}
      </h2>
      {packs.length === 0 ? (
        <p className="text-sm text-zinc-700">{t('order_detail.packs.none')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {packs.map((pack, index) => (
            <li key={`${pack.carrier}-${pack.trackingCode}-${index}`} className="flex items-start gap-3 py-2 first:pt-0 last:pb-0" data-testid="pack">
              <TruckGlyph className="mt-0.5 size-5 shrink-0 text-zinc-500" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-zinc-900">{pack.carrier}</p>
                <p className="text-zinc-700">
                  {t('order_detail.packs.tracking')}{' '}
                  {pack.trackingUrl ? (
                    <a href={pack.trackingUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-mono break-all text-brand-text underline underline-offset-2" data-testid="tracking-link">
                      {pack.trackingCode}
                      <ExternalLinkIcon className="size-3.5 shrink-0" />
                      <span className="sr-only">{t('order_detail.packs.tracking_at', { carrier: pack.carrier })} {t('common.opens_new_tab')}</span>
                    </a>
                  ) : (
                    <span className="font-mono break-all text-zinc-900" data-testid="tracking-code">
                      {pack.trackingCode}
                    </span>
                  )}
                </p>
                <p className="num text-xs text-zinc-600">
                  {pack.shippedAt ? t('order_detail.packs.shipped', { date: formatShopDate(pack.shippedAt, locale, true) }) : t('order_detail.packs.not_shipped')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
