/** The login button logs out first (ending a guest session) and then goes to the login page (spec section 4). */
export const loginHref = '/logout?to=auth';
