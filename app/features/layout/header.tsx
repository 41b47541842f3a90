import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { buttonClasses } from '../../components/ui/button';
import { LogInIcon, UserIcon } from '../../components/ui/icons';
import { useInterfaceStore } from '../../stores/interface-store';
import { HeaderNotificationLink } from '../alarms/header-notification-link';
import { useNotificationsAllowed } from '../alarms/use-notifications-allowed';
import { HeaderCartLinks } from '../cart/header-cart-links';
import { orderSheetPath } from '../order-sheet/sheet-fields';
import { QuickOrderGlyph } from '../order-sheet/sheet-glyphs';
import { accountDisplayName } from '../session/account-name';
import { HeaderSearch } from '../search/header-search';
import { useSession } from '../session/use-root-data';
import { CategoryMenuBar } from './category-menu-bar';
import { HeaderCategoryLinks } from './header-category-links';
import { LoginForm } from './login-form';
import { Logo } from './logo';
import { MobileCategoryNav } from './mobile-category-nav';

function AccountButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const open = useInterfaceStore((state) => state.accountSidebarOpen);
  const setOpen = useInterfaceStore((state) => state.setAccountSidebarOpen);
  return (
    <button
      type="button"
      data-testid="account-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen(true)}
      className="inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900"
    >
      <UserIcon className="size-5" />
      <span className="hidden max-w-48 truncate text-sm font-medium xl:inline">{name}</span>
      <span className="sr-only">{t('header.account.open')}</span>
    </button>
  );
}

/**
 * Header frame: logo, login button for visitors and guests, account button for customers.
 * Categories, search, the notification (clock) icon and the cart icons join it with their screens.
 */
export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const isGuest = session?.account.isGuest ?? false;
  const notificationsAllowed = useNotificationsAllowed();

  return (
    <header data-testid="header" className="sticky top-0 z-40 border-b border-zinc-200 bg-white">
      {/* Wraps below 1024 px: the search field takes a second row. */}
      <div className="mx-auto flex min-h-14 max-w-page flex-wrap items-center gap-3 px-4 py-2 lg:h-16 lg:flex-nowrap lg:gap-6 lg:px-6 lg:py-0">
        {session ? <MobileCategoryNav /> : null}
        <Logo />
        {session ? <HeaderCategoryLinks /> : null}
        <div className="flex-1" />
        {session ? <HeaderSearch /> : null}
        <div className="flex items-center gap-1 lg:gap-2">
          {!session || isGuest ? (
            <LoginForm testId="login-button" className={buttonClasses('primary', 'sm')}>
              <LogInIcon className="size-4" />
              {t('header.login')}
            </LoginForm>
          ) : null}
          {/* Quick order from a list: on desktop here, on phones in the account sidebar. */}
          {session && !isGuest ? (
            <Link
              to={orderSheetPath}
              data-testid="header-quick-order"
              title={t('quick_order.header.link')}
              className="hidden h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 lg:inline-flex"
            >
              <QuickOrderGlyph className="size-5" />
              {/* The words from 1536 px; narrower, the search field needs the room (the icon has the words as its name). */}
              <span className="sr-only 2xl:not-sr-only">{t('quick_order.header.link')}</span>
            </Link>
          ) : null}
          {notificationsAllowed ? <HeaderNotificationLink /> : null}
          {session && !isGuest ? <HeaderCartLinks /> : null}
          {session && !isGuest ? <AccountButton name={accountDisplayName(session.account)} /> : null}
        </div>
      </div>
      {session ? <CategoryMenuBar /> : null}
    </header>
  );
}
