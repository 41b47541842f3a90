import type { RootLoaderData } from '../../root';

export type SessionAccount = NonNullable<RootLoaderData['session']>['account'];

/** First and last name, or the username for accounts without a name. */
export function accountDisplayName(account: Pick<SessionAccount, 'firstName' | 'lastName' | 'username'>): string {
  return [account.firstName, account.lastName].filter(Boolean).join(' ') || account.username;
}
