import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration } from '../session/use-root-data';
import { LanguageSelector } from './language-selector';

/**
 * The bar under the sign-in pages: seller, credit line, the information pages (legal texts and contact
 * must be at hand before signing in) and the language choice, which people who are not signed in have
 * no account sidebar for.
 */
export function UnauthorizedBottomBar() {
  const { t } = useTranslation();
  const { company, footer } = useConfiguration();
  const poweredBy = footer.poweredBy;
  const external = /^[a-z][a-z\d+.-]*:/i.test(poweredBy.link);
  return (
    <footer data-testid="bottom-bar" className="border-t border-zinc-200 bg-white">
      <div className="mx-auto flex max-w-page flex-col items-center justify-between gap-3 px-4 py-3 text-xs text-zinc-600 sm:flex-row lg:px-6">
        <p className="text-center sm:text-left">
          <span className="font-medium text-zinc-800">{company.name}</span>
          <span aria-hidden="true"> · </span>
          {t('footer.powered_by')}{' '}
          <a
            href={poweredBy.link}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="rounded underline underline-offset-2 hover:text-zinc-950"
          >
            {poweredBy.text}
            {external ? <span className="sr-only"> {t('common.opens_new_tab')}</span> : null}
          </a>
        </p>
        <nav aria-label={t('static.nav')} className="flex gap-4">
          <Link to="/static" className="rounded underline underline-offset-2 hover:text-zinc-950">
            {t('static.tab.overview')}
          </Link>
          <Link to="/static/contact-us" className="rounded underline underline-offset-2 hover:text-zinc-950">
            {t('static.tab.contact')}
          </Link>
        </nav>
        <LanguageSelector compact />
      </div>
    </footer>
  );
}
