// The shared guest account: fixed credentials, signed in with the shop's tenant.
export const guestCredentials = { username: 'guest', password: 'guest' } as const;
