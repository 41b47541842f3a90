import { Link, useLocation } from 'react-router';
import { formatShopDate } from '../../../core/shop-date-format';
import type { ActivityEntry } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { orderPath } from '../order-history/history-fields';
import type { CompanyActivity } from './company-activity.server';
import { activityActionKeys } from './sales-person-fields';

// The section of /my-account/users that shows the customer admin what sales persons did in the company's
// name (docs/product.md, Sales persons): each switch to the company and each change made for it, newest first, with
// who and when; an order placed links to its page. Paged by `?activityPage=N` (plain links).

const pageParam = 'activityPage';

function detailParams(entry: ActivityEntry): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(entry.detail)) if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  return params;
}

function EntryText({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const key = activityActionKeys[entry.action as keyof typeof activityActionKeys] ?? 'sales_activity.action.unknown';
  const text = t(key, detailParams(entry));
  const orderId = entry.detail.orderId;
  if (entry.action === 'order.placed' && typeof orderId === 'number') {
    return (
      <Link to={orderPath(orderId)} className="text-brand-text underline underline-offset-2 hover:no-underline">
        {text}
      </Link>
    );
  }
  return <>{text}</>;
}

export function CompanyActivitySection({ activity }: { activity: CompanyActivity | 'failed' | null }) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  if (activity === null) return null;
  if (activity === 'failed') {
    return (
      <section id="sales-activity" aria-labelledby="sales-activity-title" className="space-y-3" data-testid="sales-activity">
        <h2 id="sales-activity-title" className="text-lg font-semibold text-zinc-900">
          {t('sales_activity.title')}
        </h2>
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900">
          {t('sales_activity.failed')}
        </p>
      </section>
    );
  }
  const pageHref = (page: number) => {
    const query = new URLSearchParams(location.search);
    if (page === 1) query.delete(pageParam);
    else query.set(pageParam, String(page));
    const search = query.toString();
    return `${location.pathname}${search ? `?${search}` : ''}#sales-activity`;
  };
  return (
    <section id="sales-activity" aria-labelledby="sales-activity-title" className="space-y-3" data-testid="sales-activity">
      <div className="space-y-1">
        <h2 id="sales-activity-title" className="text-lg font-semibold text-zinc-900">
          {t('sales_activity.title')}
        </h2>
        <p className="text-sm text-zinc-700">{t('sales_activity.intro')}</p>
      </div>
      {activity.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-6 text-center text-sm text-zinc-700">
          {activity.page === 1 ? t('sales_activity.empty') : t('sales_activity.page_empty')}
        </p>
      ) : (
        <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
          {activity.entries.map((entry) => (
            <li key={entry._id} className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4" data-testid="sales-activity-entry">
              <time dateTime={entry.at} className="num shrink-0 text-zinc-600 sm:w-44">
                {formatShopDate(entry.at, locale, true)}
              </time>
              <p className="min-w-0 text-zinc-900">
                <span className="font-semibold">{entry.salesPerson.name || t('sales_activity.unknown_person')}</span> <EntryText entry={entry} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {activity.page > 1 || activity.hasMore ? (
        <nav aria-label={t('sales_activity.paging')} className="flex items-center justify-between gap-3 text-sm">
          {activity.page > 1 ? (
            <Link to={pageHref(activity.page - 1)} preventScrollReset className="font-medium text-brand-text hover:underline">
              {t('sales_activity.newer')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600">{t('sales_activity.page', { page: activity.page })}</span>
          {activity.hasMore ? (
            <Link to={pageHref(activity.page + 1)} preventScrollReset className="font-medium text-brand-text hover:underline">
              {t('sales_activity.older')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
