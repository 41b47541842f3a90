import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { useRootData } from '../session/use-root-data';
import { countryName } from './country-name';

const linkClass = 'rounded text-zinc-700 underline-offset-2 hover:text-zinc-950 hover:underline';

function FooterLink({ to, external, children }: { to: string; external: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!external) {
    return (
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
      {children}
      <ExternalLinkIcon className="size-3.5 shrink-0" />
      <span className="sr-only">{t('common.opens_new_tab')}</span>
    </a>
  );
}

function isAbsoluteUrl(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link);
}

function SellerContact() {
  const { t } = useTranslation();
  const { configuration, locale } = useRootData();
  const { company } = configuration;
  return (
    <div className="col-span-2 lg:col-span-1">
      <h2 className="text-sm font-semibold text-zinc-900">{t('footer.contact')}</h2>
      <address className="mt-3 space-y-1 text-sm text-zinc-700 not-italic">
        <p className="font-medium text-zinc-900">{company.name}</p>
        {company.address ? <p>{company.address}</p> : null}
        {company.postCode || company.city ? <p>{[company.postCode, company.city].filter(Boolean).join(' ')}</p> : null}
        {company.country.code ? <p>{countryName(company.country.code, locale, company.country.name)}</p> : null}
        {company.phone ? (
          <p>
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              {company.phone}
            </a>
          </p>
        ) : null}
        {company.email ? (
          <p>
            <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
              {company.email}
            </a>
          </p>
        ) : null}
      </address>
    </div>
  );
}

/** Link columns from the site settings, the seller's contact data and the 'powered by' credit. */
export function Footer() {
  const { t } = useTranslation();
  const { footer } = useRootData().configuration;
  const poweredBy = footer.poweredBy;
  return (
    <footer data-testid="footer" className="border-t border-zinc-200 bg-white">
      <div className="mx-auto grid max-w-page grid-cols-2 gap-x-6 gap-y-8 px-4 py-8 lg:grid-cols-4 lg:px-6">
        <SellerContact />
        {footer.columns.map((column, index) => (
          <div key={`${column.title}-${index}`} className="min-w-0">
            <h2 className="text-sm font-semibold text-zinc-900">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.items.map((item, itemIndex) => (
                <li key={`${item.link}-${itemIndex}`}>
                  <FooterLink to={item.link} external={item.isExternal || isAbsoluteUrl(item.link)}>
                    {item.title}
                  </FooterLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-zinc-200">
        <p className="mx-auto max-w-page px-4 py-4 text-xs text-zinc-600 lg:px-6">
          {t('footer.powered_by')}{' '}
          <FooterLink to={poweredBy.link} external={isAbsoluteUrl(poweredBy.link)}>
            {poweredBy.text}
          </FooterLink>
        </p>
      </div>
    </footer>
  );
}
