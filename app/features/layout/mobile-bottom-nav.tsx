import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { HomeIcon, LogInIcon, UserIcon } from '../../components/ui/icons';
import { MobileNotificationLink } from '../alarms/header-notification-link';
import { useNotificationsAllowed } from '../alarms/use-notifications-allowed';
import { MobileCartLink } from '../cart/mobile-cart-link';
import { useSession } from '../session/use-root-data';
import { LoginForm } from './login-form';

const itemBase = 'flex h-full flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium';
const itemClass = `${itemBase} text-zinc-600 hover:text-zinc-950`;

/**
 * Below 1024 px: home, profile (/my-account), the stock notifications (/alarm, where they are allowed), cart. The cart entry opens the order
 * cart (/detailed-cart?type=order); the account sidebar stays on the header's account button.
 * Guests have neither profile nor cart and get the login entry instead.
 */
export function MobileBottomNav() {
  const { t } = useTranslation();
  const session = useSession();
  const isCustomer = session !== null && !session.account.isGuest;
  const notificationsAllowed = useNotificationsAllowed();

  return (
    <nav
      data-testid="bottom-nav"
      aria-label={t('bottom.nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="flex h-14 items-stretch px-2">
        <li className="flex flex-1">
          <NavLink
            to="/"
            end
            className={({ isActive }) => (isActive ? `${itemBase} text-brand-text` : itemClass)}
          >
            <HomeIcon className="size-5" />
            {t('bottom.nav.home')}
          </NavLink>
        </li>
        <li className="flex flex-1">
          {isCustomer ? (
            <NavLink to="/my-account" className={({ isActive }) => (isActive ? `${itemBase} text-brand-text` : itemClass)}>
              <UserIcon className="size-5" />
              {t('bottom.nav.profile')}
            </NavLink>
          ) : (
            <LoginForm className={itemClass}>
              <LogInIcon className="size-5" />
              {t('header.login')}
            </LoginForm>
          )}
        </li>
        {notificationsAllowed ? (
          <li className="flex flex-1">
            <MobileNotificationLink className={itemClass} activeClassName={`${itemBase} text-brand-text`} />
          </li>
        ) : null}
        {isCustomer ? (
          <li className="flex flex-1">
            <MobileCartLink className={itemClass} activeClassName={`${itemBase} text-brand-text`} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
