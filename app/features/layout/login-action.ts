/** Signing in again: the login button signs out (the guest too) and then opens the login form. */
export const loginAction = '/logout?to=auth';
