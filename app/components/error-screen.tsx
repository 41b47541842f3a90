import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { useInsideLayout } from '../features/layout/layout-frame';
import { buttonClasses } from './ui/button';

/** The error page: complete on its own, as the root error boundary shows it without a layout. */
export function ErrorScreen({ status, messageKey }: { status: number; messageKey?: string | undefined }) {
  const { t } = useTranslation();
  const insideLayout = useInsideLayout();
  const notFound = status === 404;
  const Frame = insideLayout ? 'div' : 'main';

  return (
    <Frame className={`flex items-center justify-center px-4 ${insideLayout ? 'py-12' : 'min-h-dvh bg-zinc-50 py-16'}`}>
      <div className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-8 text-center shadow-sm">
        <p className="num text-5xl font-semibold tracking-tight text-brand-text">{status}</p>
        <h1 className="mt-3 text-xl font-semibold text-zinc-900">
          {notFound ? t('error.page.not_found') : t('error.page.generic')}
        </h1>
        <p className="mt-2 text-sm text-zinc-600">
          {messageKey ? t(messageKey) : notFound ? t('error.page.not_found.hint') : t('error.page.generic.hint')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {notFound ? null : (
            // A full reload, so a broken client state or a stale chunk does not carry over.
            <a href="" className={buttonClasses('secondary')}>
              {t('error.page.retry')}
            </a>
          )}
          <Link to="/" reloadDocument={!notFound} className={buttonClasses('primary')}>
            {t('error.page.back_home')}
          </Link>
        </div>
      </div>
    </Frame>
  );
}
