import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useConfiguration } from '../session/use-root-data';

/** The default mark (same as the favicon) in the tenant's accent, for tenants without a logo. */
function DefaultMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0 text-brand" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        d="M8 11.5 16 7l8 4.5v9L16 25l-8-4.5zM8 11.5 16 16l8-4.5M16 16v9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Site logo, else the seller company's logo, else the default mark with the company name. */
export function Logo() {
  const { t } = useTranslation();
  const configuration = useConfiguration();
  const companyName = configuration.company.name;
  const src = configuration.logo || configuration.company.logo;
  return (
    <Link to="/" aria-label={t('header.home_link', { name: companyName })} className="flex min-w-0 items-center gap-2 rounded-md">
      {src ? (
        // A fixed box keeps the header from jumping while a logo of unknown proportions loads.
        <img src={src} alt={companyName} width={160} height={32} className="h-7 w-32 object-contain object-left lg:h-8 lg:w-40" />
      ) : (
        <>
          <DefaultMark />
          <span className="truncate text-base font-semibold tracking-tight text-zinc-900">{companyName}</span>
        </>
      )}
    </Link>
  );
}
