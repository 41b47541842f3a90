import type { ReactNode } from 'react';
import { visibleAccountMenuItems, type AccountMenuContext } from '../layout/account-menu-items';
import { useRootData } from '../session/use-root-data';
import { AccountNav } from './account-nav';

/** Every page of /my-account/*: the account navigation beside (on phones: above) the page. */
export function AccountFrame({ children }: { children: ReactNode }) {
  const { session, configuration } = useRootData();
  // The root guard keeps visitors and guests out of the account area; an error screen may still get here.
  if (!session || session.account.isGuest) return <>{children}</>;
  const context: AccountMenuContext = { account: session.account, configuration };
  return (
    <div className="mx-auto grid max-w-6xl gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8" data-testid="account-area">
      <AccountNav items={visibleAccountMenuItems(context)} context={context} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
