import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { customerAccountsPath } from '../sales-person/sales-person-fields';
import { useRootData } from '../session/use-root-data';

/**
 * The sales person's top bar (docs/product.md, Sales persons): for whom the session acts now, with the way to
 * another customer, and the seller's company info text. Nobody else sees it.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { configuration, session } = useRootData();
  if (!session?.account.isSalesPerson) return null;
  const text = configuration.company.companyInfoText?.trim();
  const company = session.account.company;
  return (
    <section data-testid="top-bar" aria-label={t('top.bar.label')} className="bg-zinc-900 text-zinc-100">
      <div className="mx-auto flex max-w-page flex-wrap items-center gap-x-6 gap-y-1 px-4 py-1.5 text-xs leading-5 lg:px-6">
        {company ? (
          <p data-testid="top-bar-company" className="min-w-0">
            {t('sales_person.acting_for')} <span className="font-semibold text-white">{company.name}</span> <span className="num">({company.customerNo})</span>
            {' · '}
            <Link to={customerAccountsPath} className="font-medium text-white underline underline-offset-2 hover:no-underline">
              {t('sales_person.top_bar.change')}
            </Link>
          </p>
        ) : null}
        {text ? <p className="whitespace-pre-line">{text}</p> : null}
      </div>
    </section>
  );
}
