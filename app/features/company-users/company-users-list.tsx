import type { CompanyUser } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { LockIcon } from '../finance/finance-glyphs';
import { companyUserFlags, companyUserIntents, type CompanyUserIntent } from './company-user-fields';
import { FlagSwitch, LastLogin, OwnState, RowFailure, UserActions } from './company-user-controls';

// The company's users: a table from 1280 px (the account navigation leaves the table too little room below
// that), a card per user on smaller screens. Only one of the two is displayed at a width; the
// other is display:none and so hidden from screen readers as well.

interface ActionAnswer {
  intent: CompanyUserIntent | null;
  id: number | null;
  outcome: { ok: boolean; failure?: FailureMessage | null };
}

/** The reason a toggle or mail of this user was refused, shown at the user. */
function rowFailure(actionData: ActionAnswer | null, user: CompanyUser): FailureMessage | null {
  if (!actionData || actionData.outcome.ok || actionData.id !== user._id) return null;
  const inRow: (CompanyUserIntent | null)[] = [companyUserIntents.toggle, companyUserIntents.invite, companyUserIntents.reset];
  return inRow.includes(actionData.intent) ? (actionData.outcome.failure ?? null) : null;
}

function NameCell({ user, self }: { user: CompanyUser; self: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words text-zinc-900">
        {user.fullName || user.username}
        {self ? <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-text">{t('company_users.you')}</span> : null}
      </p>
      <p className="num text-xs break-words text-zinc-600">{t('company_users.username', { username: user.username })}</p>
    </div>
  );
}

function Contact({ user }: { user: CompanyUser }) {
  return (
    <div className="min-w-0 text-sm">
      {/* A long address breaks after its @ before anywhere else. */}
      <p className="break-words text-zinc-800">
        {user.email.split('@')[0]}
        {user.email.includes('@') ? (
          <>
            @<wbr />
            {user.email.slice(user.email.indexOf('@') + 1)}
          </>
        ) : null}
      </p>
      {user.phone ? <p className="num text-zinc-600">{user.phone}</p> : null}
    </div>
  );
}

function Access({ user, self, layout }: { user: CompanyUser; self: boolean; layout: 'column' | 'row' }) {
  if (self) return <OwnState />;
  return (
    <div className={layout === 'column' ? 'flex flex-col items-start' : 'flex flex-wrap gap-x-4'}>
      {companyUserFlags.map((flag) => (
        <FlagSwitch key={flag} user={user} flag={flag} />
      ))}
    </div>
  );
}

const th = 'border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-left text-xs font-medium text-zinc-600';
const td = 'border-b border-zinc-100 px-3 py-2 align-top';

function UsersTable({ users, selfId, actionData }: { users: readonly CompanyUser[]; selfId: number | null; actionData: ActionAnswer | null }) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="users-table">
      <caption className="sr-only">{t('company_users.title')}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>{t('company_users.column.user')}</th>
          <th scope="col" className={th}>{t('company_users.column.contact')}</th>
          <th scope="col" className={th}>{t('company_users.column.access')}</th>
          <th scope="col" className={th}>{t('company_users.column.last_login')}</th>
          <th scope="col" className={th}>{t('company_users.column.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const self = user._id === selfId;
          return (
            <tr key={user._id} data-testid="user-row" data-user-id={user._id}>
              <td className={td}><NameCell user={user} self={self} /></td>
              <td className={td}><Contact user={user} /></td>
              <td className={td}>
                <Access user={user} self={self} layout="column" />
                <RowFailure failure={rowFailure(actionData, user)} />
              </td>
              <td className={`${td} text-sm`}><LastLogin user={user} /></td>
              <td className={td}><UserActions user={user} self={self} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function UserCards({ users, selfId, actionData }: { users: readonly CompanyUser[]; selfId: number | null; actionData: ActionAnswer | null }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" data-testid="user-cards">
      {users.map((user) => {
        const self = user._id === selfId;
        return (
          <li key={user._id} className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4" data-testid="user-card" data-user-id={user._id}>
            <NameCell user={user} self={self} />
            <Contact user={user} />
            <div>
              <Access user={user} self={self} layout="row" />
              <RowFailure failure={rowFailure(actionData, user)} />
            </div>
            <p className="text-sm text-zinc-700">
              <span className="text-zinc-600">{t('company_users.column.last_login')}: </span>
              <LastLogin user={user} />
            </p>
            <div className="mt-auto border-t border-zinc-100 pt-2">
              <UserActions user={user} self={self} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function CompanyUsersList({ users, selfId, actionData }: { users: readonly CompanyUser[]; selfId: number | null; actionData: ActionAnswer | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="company-users-list" className="space-y-3">
      <h2 id="company-users-list" className="num text-sm font-medium text-zinc-800" data-testid="users-count">
        {t('company_users.count', { count: users.length })}
      </h2>
      <div className="hidden rounded-lg border border-zinc-200 bg-white xl:block">
        <UsersTable users={users} selfId={selfId} actionData={actionData} />
      </div>
      <UserCards users={users} selfId={selfId} actionData={actionData} />
    </section>
  );
}

/** Why the page shows no users: not a customer admin, or the shop has the user list turned off. */
export function CompanyUsersForbidden({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const disabled = messageKey === 'company_users.disabled';
  return (
    <div className="flex gap-3 rounded-lg border border-blue-200 bg-info-soft p-4" data-testid="company-users-forbidden">
      <LockIcon className="size-6 shrink-0 text-info" />
      <div className="space-y-1 text-sm text-zinc-900">
        <p className="font-semibold">{t(disabled ? 'company_users.disabled' : 'company_users.admins_only')}</p>
        <p>{t(disabled ? 'company_users.disabled.hint' : 'company_users.admins_only.hint')}</p>
      </div>
    </div>
  );
}
