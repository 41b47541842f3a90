// The shared guest account (spec sections 1 and 9): fixed credentials, signed in with the shop's tenant.
export const guestCredentials = { username: 'guest', password: 'guest' } as const;
