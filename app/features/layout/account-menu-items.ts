import type { ComponentType } from 'react';
import { ShieldIcon, UserIcon } from '../../components/ui/icons';
import type { RootLoaderData } from '../../root';
import { AddressBookGlyph, UsersGlyph } from '../account/account-glyphs';
import { alarmPagePath } from '../alarms/alarm-fields';
import { notificationsAllowedFor } from '../alarms/use-notifications-allowed';
import { HeartGlyph } from '../cart/cart-glyphs';
import { ClockGlyph } from '../catalog/catalog-glyphs';
import { downloadsPath } from '../downloads/download-paths';
import { DocumentGlyph, DownloadGlyph, ReceiptGlyph } from '../order-history/history-glyphs';
import { orderSheetPath } from '../order-sheet/sheet-fields';
import { QuickOrderGlyph } from '../order-sheet/sheet-glyphs';
import { customerAccountsPath } from '../sales-person/sales-person-fields';
import { BuildingsGlyph } from '../sales-person/sales-person-glyphs';
import type { SessionAccount } from '../session/account-name';

export interface AccountMenuContext {
  account: SessionAccount;
  configuration: RootLoaderData['configuration'];
}

interface BaseItem {
  id: string;
  /** Translation key of the label. */
  labelKey: string;
  icon: ComponentType<{ className?: string }>;
  isVisible?: (context: AccountMenuContext) => boolean;
}

export interface InternalMenuItem extends BaseItem {
  kind: 'link';
  to: string;
}

export interface ExternalMenuItem extends BaseItem {
  kind: 'external';
  href: (context: AccountMenuContext) => string | null;
}

export type AccountMenuItem = InternalMenuItem | ExternalMenuItem;

/**
 * Entries of the account sidebar in spec order: my profile, users, admin panel, address list,
 * order history, invoices, wishlist, stock notifications (only if notifications are allowed); then quick order.
 * Downloads (the shop's own screen) follows invoices.
 * Only entries whose screen exists are listed; each account screen adds its entry at its spec
 * position. Logout and the language selector are fixed parts of the sidebar, not entries.
 */
export const accountMenuItems: readonly AccountMenuItem[] = [
  { id: 'profile', kind: 'link', labelKey: 'account.menu.profile', icon: UserIcon, to: '/my-account', isVisible: ({ account }) => !account.isGuest },
  // A sales person's customers (the sidebar's selector as a page, which works without JavaScript too).
  { id: 'customer-accounts', kind: 'link', labelKey: 'account.menu.customer_accounts', icon: BuildingsGlyph, to: customerAccountsPath, isVisible: ({ account }) => account.isSalesPerson },
  {
    id: 'users',
    kind: 'link',
    labelKey: 'account.menu.users',
    icon: UsersGlyph,
    to: '/my-account/users',
    // The customer admin manages the company's users, where the shop has the user list turned on.
    isVisible: ({ account, configuration }) => account.isCustomerAdmin && configuration.isUserListActive,
  },
  {
    id: 'admin-panel',
    kind: 'external',
    labelKey: 'account.menu.admin_panel',
    icon: ShieldIcon,
    href: ({ configuration }) => configuration.adminPanelUrl,
    isVisible: ({ account }) => account.isAdmin,
  },
  { id: 'addresses', kind: 'link', labelKey: 'account.menu.addresses', icon: AddressBookGlyph, to: '/my-account/addresses', isVisible: ({ account }) => !account.isGuest },
  { id: 'order-history', kind: 'link', labelKey: 'account.menu.order_history', icon: ReceiptGlyph, to: '/my-account/order-history', isVisible: ({ account }) => !account.isGuest },
  { id: 'invoices', kind: 'link', labelKey: 'account.menu.invoices', icon: DocumentGlyph, to: '/my-account/invoices', isVisible: ({ account }) => !account.isGuest },
  // The files of the downloadable products the company bought (after the spec's entries of the account's orders and documents).
  { id: 'downloads', kind: 'link', labelKey: 'account.menu.downloads', icon: DownloadGlyph, to: downloadsPath, isVisible: ({ account }) => !account.isGuest },
  {
    id: 'wishlist',
    kind: 'link',
    labelKey: 'account.menu.wishlist',
    icon: HeartGlyph,
    to: '/wishlist',
    isVisible: ({ account }) => !account.isGuest,
  },
  {
    id: 'stock-notifications',
    kind: 'link',
    labelKey: 'account.menu.stock_notifications',
    icon: ClockGlyph,
    to: alarmPagePath,
    isVisible: ({ account, configuration }) => notificationsAllowedFor(account, configuration),
  },
  // Quick order from a list (also a header link on desktop; on phones this is its way in).
  { id: 'quick-order', kind: 'link', labelKey: 'account.menu.quick_order', icon: QuickOrderGlyph, to: orderSheetPath, isVisible: ({ account }) => !account.isGuest },
];

export function visibleAccountMenuItems(context: AccountMenuContext): AccountMenuItem[] {
  return accountMenuItems.filter((item) => {
    if (item.isVisible && !item.isVisible(context)) return false;
    return item.kind === 'link' || Boolean(item.href(context));
  });
}
