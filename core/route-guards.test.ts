import { describe, expect, it } from 'vitest';
import { guestForbiddenPaths, redirectFor } from './route-guards.ts';

const anonymous = { isAuthenticated: false, isGuest: false, maintenanceActive: false };
const customer = { isAuthenticated: true, isGuest: false, maintenanceActive: false };
const guest = { isAuthenticated: true, isGuest: true, maintenanceActive: false };

describe('redirectFor', () => {
  it.each([
    ['no token on a shop page goes to /landing', { ...anonymous, pathname: '/' }, '/landing'],
    ['no token on a deep page goes to /landing', { ...anonymous, pathname: '/category/werkzeug-1' }, '/landing'],
    ['no token may open /landing', { ...anonymous, pathname: '/landing' }, null],
    ['no token may open /auth', { ...anonymous, pathname: '/auth' }, null],
    ['an authenticated user on /landing goes home', { ...customer, pathname: '/landing' }, '/'],
    ['an authenticated user on /auth goes home', { ...customer, pathname: '/auth/' }, '/'],
    ['a guest on /auth goes home (the login button logs out first)', { ...guest, pathname: '/auth' }, '/'],
    ['no token may open /signup', { ...anonymous, pathname: '/signup' }, null],
    ['an authenticated user on /signup goes home', { ...customer, pathname: '/signup' }, '/'],
    ['a guest on /signup goes home, like on /auth', { ...guest, pathname: '/signup' }, '/'],
    ['no token may open /forgot-password', { ...anonymous, pathname: '/forgot-password' }, null],
    ['an authenticated user on /forgot-password goes home, like on /auth', { ...customer, pathname: '/forgot-password' }, '/'],
    ['a guest on /forgot-password goes home, like on /auth', { ...guest, pathname: '/forgot-password' }, '/'],
    ['no token may open the link of a reset mail', { ...anonymous, pathname: '/reset' }, null],
    ['a signed-in user may open the link of a reset mail too', { ...customer, pathname: '/reset' }, null],
    ['a guest may open the link of an invitation', { ...guest, pathname: '/reset/' }, null],
    ['maintenance closes /reset like every page', { ...anonymous, maintenanceActive: true, pathname: '/reset' }, '/maintenance'],
    ['a customer may open the wishlist', { ...customer, pathname: '/wishlist' }, null],
    ['a guest may browse home', { ...guest, pathname: '/' }, null],
    ['maintenance sends everyone to /maintenance', { ...customer, maintenanceActive: true, pathname: '/' }, '/maintenance'],
    ['maintenance also applies before sign-in', { ...anonymous, maintenanceActive: true, pathname: '/auth' }, '/maintenance'],
    ['the maintenance page itself is shown during maintenance', { ...anonymous, maintenanceActive: true, pathname: '/maintenance' }, null],
    ['the maintenance page outside maintenance goes home', { ...customer, pathname: '/maintenance' }, '/'],
    ['content pages are public', { ...anonymous, pathname: '/content/impressum' }, null],
    ['the content index is public', { ...anonymous, pathname: '/content' }, null],
    ['a look-alike path is not public', { ...anonymous, pathname: '/contentious' }, '/landing'],
    ['the information pages are public', { ...anonymous, pathname: '/static' }, null],
    ['the contact form is public', { ...anonymous, pathname: '/static/contact-us' }, null],
    ['a look-alike of the information pages is not public', { ...anonymous, pathname: '/statics' }, '/landing'],
    ['content pages close during maintenance', { ...anonymous, maintenanceActive: true, pathname: '/content/agb' }, '/maintenance'],
    ['choosing a language works before sign-in', { ...anonymous, pathname: '/locale' }, null],
    ['logout is always reachable', { ...anonymous, pathname: '/logout' }, null],
    ['a guest on a page deeper in the account area goes home', { ...guest, pathname: '/my-account/order-history/42' }, '/'],
    ['a customer may open a page deeper in the account area', { ...customer, pathname: '/my-account/order-history/42' }, null],
    ['a look-alike of the account area is no part of it', { ...guest, pathname: '/my-accountant' }, null],
  ])('%s', (_name, input, expected) => {
    expect(redirectFor(input)).toBe(expected);
  });

  it.each(guestForbiddenPaths)('a guest on %s goes home', (pathname) => {
    expect(redirectFor({ ...guest, pathname })).toBe('/');
    expect(redirectFor({ ...customer, pathname })).toBeNull();
  });
});
