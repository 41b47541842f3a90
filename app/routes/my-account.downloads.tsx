import { Link, useLocation } from 'react-router';
import type { Route } from './+types/my-account.downloads';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { DownloadList } from '../features/downloads/download-list';
import { loadDownloads } from '../features/downloads/downloads.server';
import { ReceivedSafetySheets } from '../features/downloads/received-safety-sheets';
import { EmptyState, LoadFailure } from '../features/order-history/list-states';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';

// /my-account/downloads (docs/product.md, Product documents and downloads): the files of the downloadable
// products the company bought, as long as an order placed on account or paid gives them and no credit note
// took them back, the newest order first; each with the orders that gave it, how often the reader downloaded
// it, and a link signed for this session that works for 10 minutes (the page's next load gives new ones);
// below them the safety data sheets' versions the company received.

export async function loader({ context }: Route.LoaderArgs) {
  return loadDownloads(context.get(appLoadContext));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'downloads');
}

export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="space-y-4" data-testid="downloads-page">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('downloads.title')}</h1>
      {loaderData.state === 'failed' ? <LoadFailure message={t('downloads.load_failed')} retryTo={location.pathname} /> : null}
      {loaderData.state === 'loaded' && loaderData.downloads.length > 0 ? (
        <>
          <p className="max-w-prose text-sm text-zinc-700">{t('downloads.intro')}</p>
          <DownloadList downloads={loaderData.downloads} />
        </>
      ) : null}
      {loaderData.state === 'loaded' && loaderData.downloads.length === 0 ? (
        <EmptyState
          testId="downloads-empty"
          title={t('downloads.empty')}
          hint={t('downloads.empty.hint')}
          action={<Link to="/" className={buttonClasses('primary')}>{t('order_history.empty.shop')}</Link>}
        />
      ) : null}
      {loaderData.state === 'loaded' ? <ReceivedSafetySheets sheets={loaderData.safetySheets} /> : null}
    </div>
  );
}
