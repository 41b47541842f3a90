// Where a request for a page must go instead (docs/product.md, Maintenance, layouts and page guards).
// One function decides for the server render and for client navigations alike.

export const maintenancePath = '/maintenance';

/** Screens of the unauthorized layout: for people who are not signed in. */
export const unauthorizedPaths = ['/landing', '/auth', '/signup', '/forgot-password'] as const;

/**
 * The page a reset or invitation mail links to (/reset?token=…): it opens whoever is signed in in this
 * browser, since the link must work wherever it is clicked; setting the password signs this browser out.
 */
export const passwordLinkPath = '/reset';

/** Pages anyone may read, signed in or not: the wholesaler's legal and contact pages. */
export const publicPathPrefixes = ['/content', '/static'] as const;

/** Pages a guest may not open; a guest is sent home instead. */
export const guestForbiddenPaths = [
  '/my-account',
  '/my-account/addresses',
  '/my-account/order-history',
  '/my-account/invoices',
  '/my-account/users',
  '/detailed-cart',
  '/wishlist',
  '/alarm',
  '/order-sheet',
  '/order-sheet/corrections',
  '/order-sheet/template',
  '/checkout',
] as const;

/** The account area: a guest is sent home from every page in it, the ones below those listed above too. */
export const guestForbiddenArea = '/my-account';

export interface GuardInput {
  pathname: string;
  isAuthenticated: boolean;
  isGuest: boolean;
  maintenanceActive: boolean;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isIn(list: readonly string[], pathname: string): boolean {
  return list.includes(normalise(pathname));
}

/** Returns the path to redirect to, or null when the page may be shown. */
export function redirectFor(input: GuardInput): string | null {
  const pathname = normalise(input.pathname);
  if (pathname === maintenancePath) return input.maintenanceActive ? null : '/';
  if (input.maintenanceActive) return maintenancePath;
  // Signing out and choosing a language work for everyone, signed in or not.
  if (pathname === '/logout' || pathname === '/locale' || pathname === passwordLinkPath) return null;
  if (publicPathPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return null;
  if (isIn(unauthorizedPaths, pathname)) return input.isAuthenticated ? '/' : null;
  if (!input.isAuthenticated) return '/landing';
  if (input.isGuest && (isIn(guestForbiddenPaths, pathname) || pathname.startsWith(`${guestForbiddenArea}/`))) return '/';
  return null;
}
