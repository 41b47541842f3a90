import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { CloseIcon, ExternalLinkIcon, LogOutIcon } from '../../components/ui/icons';
import { useReturnFocus } from '../../components/ui/use-return-focus';
import { useInterfaceStore } from '../../stores/interface-store';
import { accountDisplayName } from '../session/account-name';
import { useRootData } from '../session/use-root-data';
import { visibleAccountMenuItems, type AccountMenuContext, type AccountMenuItem } from './account-menu-items';
import { LanguageSelector } from './language-selector';
import { CustomerAccountSelect, isOpenCombobox } from '../sales-person/customer-account-select';

const itemClass =
  'flex h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100 hover:text-zinc-950';

function MenuEntry({ item, context }: { item: AccountMenuItem; context: AccountMenuContext }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  if (item.kind === 'link') {
    return (
      <Link to={item.to} className={itemClass}>
        <Icon className="size-5 text-zinc-500" />
        {t(item.labelKey)}
      </Link>
    );
  }
  return (
    <a href={item.href(context) ?? undefined} target="_blank" rel="noopener" className={itemClass}>
      <Icon className="size-5 text-zinc-500" />
      <span className="flex-1">{t(item.labelKey)}</span>
      <ExternalLinkIcon className="size-4 text-zinc-500" />
      <span className="sr-only">{t('common.opens_new_tab')}</span>
    </a>
  );
}

function AccountSummary({ context }: { context: AccountMenuContext }) {
  const { t } = useTranslation();
  const { account } = context;
  return (
    <div className="min-w-0">
      <Dialog.Title className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{t('account.sidebar.title')}</Dialog.Title>
      <p className="mt-1 truncate text-base font-semibold text-zinc-900">{accountDisplayName(account)}</p>
      {account.company ? (
        <>
          <p className="truncate text-sm text-zinc-700">{account.company.name}</p>
          <p className="num text-sm text-zinc-600">{t('account.sidebar.customer_no', { number: account.company.customerNo })}</p>
        </>
      ) : null}
      <Dialog.Description className="sr-only">{t('account.sidebar.description')}</Dialog.Description>
    </div>
  );
}

/** Right-hand sheet: 360 px on larger screens, full width on phones. */
export function AccountSidebar() {
  const { t } = useTranslation();
  const { session, configuration } = useRootData();
  const open = useInterfaceStore((state) => state.accountSidebarOpen);
  const setOpen = useInterfaceStore((state) => state.setAccountSidebarOpen);
  const location = useLocation();
  const returnFocus = useReturnFocus();

  // A chosen entry navigates away: the sheet must not stay over the new page. (Not on mount: the sheet
  // is loaded and mounted by the very click that opens it.)
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    setOpen(false);
  }, [location.key, setOpen]);

  if (!session || session.account.isGuest) return null;
  const context: AccountMenuContext = { account: session.account, configuration };
  const items = visibleAccountMenuItems(context);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 motion-safe:animate-fade-in" />
        <Dialog.Content
          data-testid="account-sidebar"
          {...returnFocus}
          // Escape in the customer selector closes its open list, not the sidebar.
          onEscapeKeyDown={(event) => {
            if (isOpenCombobox(document.activeElement)) event.preventDefault();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-xl motion-safe:animate-sheet-in sm:w-[360px]"
        >
          <div className="flex items-start justify-between gap-3 border-b border-zinc-200 px-5 py-4">
            <AccountSummary context={context} />
            <Dialog.Close
              className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
              aria-label={t('account.sidebar.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-3">
            {session.account.isSalesPerson ? (
              <div className="mb-4 border-b border-zinc-200 px-2 pb-4">
                <CustomerAccountSelect />
              </div>
            ) : null}
            {items.length > 0 ? (
              <nav aria-label={t('account.menu.label')}>
                <ul className="flex flex-col gap-0.5">
                  {items.map((item) => (
                    <li key={item.id}>
                      <MenuEntry item={item} context={context} />
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <div className={`px-2 ${items.length > 0 ? 'mt-4 border-t border-zinc-200 pt-4' : 'pt-1'}`}>
              <LanguageSelector />
            </div>
          </div>
          <form method="post" action="/logout" className="border-t border-zinc-200 px-3 py-3">
            <button type="submit" data-testid="logout-button" className={itemClass}>
              <LogOutIcon className="size-5 text-zinc-500" />
              {t('account.menu.logout')}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
