import { NavLink } from 'react-router';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import type { AccountMenuContext, AccountMenuItem } from '../layout/account-menu-items';
import { accountDisplayName } from '../session/account-name';

// The account area's navigation: the account sidebar's entries (app/features/layout/account-menu-items.ts)
// as a column on the left from 1024 px, and as a row of compact tabs that scrolls sideways on phones.
// Plain links: it works without JavaScript, and the current page is marked for screen readers
// (aria-current) as well as by colour and weight.

/** The account area's own page; the other entries lie below it and must not light it up. */
export const accountAreaPath = '/my-account';

const linkBase =
  'flex h-10 shrink-0 items-center gap-2 rounded-full border px-3 text-sm font-medium whitespace-nowrap lg:h-11 lg:w-full lg:gap-3 lg:rounded-md lg:border-0 lg:border-l-4 lg:pl-3';
const idle = `${linkBase} border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100 hover:text-zinc-950 lg:border-transparent lg:bg-transparent`;
const active = `${linkBase} border-brand bg-brand-soft font-semibold text-brand-text lg:border-brand`;

function Entry({ item, context }: { item: AccountMenuItem; context: AccountMenuContext }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  if (item.kind === 'link') {
    return (
      <NavLink to={item.to} end={item.to === accountAreaPath} className={({ isActive }) => (isActive ? active : idle)}>
        <Icon className="size-5 shrink-0" />
        {t(item.labelKey)}
      </NavLink>
    );
  }
  return (
    <a href={item.href(context) ?? undefined} target="_blank" rel="noopener" className={idle}>
      <Icon className="size-5 shrink-0" />
      <span className="lg:flex-1">{t(item.labelKey)}</span>
      <ExternalLinkIcon className="size-4 text-zinc-500" />
      <span className="sr-only">{t('common.opens_new_tab')}</span>
    </a>
  );
}

export function AccountNav({ items, context }: { items: readonly AccountMenuItem[]; context: AccountMenuContext }) {
  const { t } = useTranslation();
  const { account } = context;
  return (
    <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start" data-testid="account-nav">
      <div className="mb-3 hidden rounded-lg border border-zinc-200 bg-white p-4 lg:block">
        <p className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{t('account.sidebar.title')}</p>
        <p className="mt-1 truncate text-base font-semibold text-zinc-900">{accountDisplayName(account)}</p>
        {account.company ? (
          <>
            <p className="truncate text-sm text-zinc-700">{account.company.name}</p>
            <p className="num text-sm text-zinc-600">{t('account.sidebar.customer_no', { number: account.company.customerNo })}</p>
          </>
        ) : null}
      </div>
      <nav aria-label={t('account.area.nav')}>
        {/* On phones the row runs to the screen's edges, so a cut-off tab shows there is more to scroll. */}
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:rounded-lg lg:border lg:border-zinc-200 lg:bg-white lg:p-2">
          {items.map((item) => (
            <li key={item.id} className="flex">
              <Entry item={item} context={context} />
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
