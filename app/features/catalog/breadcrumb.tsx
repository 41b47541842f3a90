import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ChevronRightIcon } from '../../components/ui/icons';

export interface Crumb {
  label: string;
  /** The last crumb (the page itself) has no link. */
  to?: string;
}

export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('breadcrumb.label')} className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-zinc-600">
        <li>
          <Link to="/" className="rounded-sm hover:text-zinc-900 hover:underline">
            {t('breadcrumb.home')}
          </Link>
        </li>
        {items.map((item) => (
          <li key={`${item.label}-${item.to ?? ''}`} className="flex items-center gap-1">
            <ChevronRightIcon className="size-3.5 text-zinc-400" />
            {item.to ? (
              <Link to={item.to} className="rounded-sm hover:text-zinc-900 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-zinc-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
