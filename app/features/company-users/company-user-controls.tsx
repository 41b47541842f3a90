import { Form, Link, useNavigation } from 'react-router';
import type { CompanyUser } from '../../../server/page-surface.server';
import { formatShopDate } from '../../../core/shop-date-format';
import { useTranslation } from '../../lib/i18n';
import { PencilGlyph } from '../account/account-glyphs';
import type { FailureMessage } from '../account/account-fields';
import { companyUserIntents, companyUserPageParams, companyUsersPath, flagLabelKeys, type CompanyUserFlag } from './company-user-fields';

// The pieces of one user in the list, shared by the table row and the phone card: the toggles (a form
// each, so they work without JavaScript), the state of one's own account as plain text (an admin changes
// none of it), the last sign-in, the actions, and a refused action's reason where it was clicked.

// Track colours by meaning: a locked user is a warning sign, an active one good, an admin the shop's accent.
const onColour: Record<CompanyUserFlag, string> = { active: 'bg-success', locked: 'bg-danger', customerAdmin: 'bg-brand' };

export function FlagSwitch({ user, flag }: { user: CompanyUser; flag: CompanyUserFlag }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === companyUserIntents.toggle && navigation.formData.get('id') === String(user._id) && navigation.formData.get('flag') === flag;
  // While the change is on its way the switch already shows where it goes.
  const on = sending ? !user[flag] : user[flag];
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={companyUserIntents.toggle} />
      <input type="hidden" name="id" value={user._id} />
      <input type="hidden" name="flag" value={flag} />
      <input type="hidden" name="value" value={String(!user[flag])} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        disabled={sending}
        data-testid={`toggle-${flag}`}
        className="inline-flex h-8 items-center gap-2 rounded-md pr-1 text-sm text-zinc-800 hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
      >
        <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${on ? onColour[flag] : 'bg-zinc-500'}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${on ? 'left-[1.125rem]' : 'left-0.5'}`} />
        </span>
        {t(flagLabelKeys[flag])}
        <span className="sr-only">: {user.fullName || user.username}</span>
      </button>
    </Form>
  );
}

/** One's own account: what it is, as text; the admin cannot switch any of it off for themself. */
export function OwnState() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-zinc-700" data-testid="own-state">
      {t('company_users.flag.active')} · {t('company_users.flag.admin')}
      <span className="block text-xs text-zinc-600">{t('company_users.self_note')}</span>
    </p>
  );
}

export function LastLogin({ user }: { user: CompanyUser }) {
  const { t, locale } = useTranslation();
  if (user.invitationPending) return <span className="text-zinc-700">{t('company_users.last_login.invited')}</span>;
  if (!user.lastLoginAt) return <span className="text-zinc-600">{t('company_users.last_login.never')}</span>;
  return (
    <time dateTime={user.lastLoginAt} className="num text-zinc-800">
      {formatShopDate(user.lastLoginAt, locale, true)}
    </time>
  );
}

const actionClass = 'inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 py-1 text-left text-sm font-medium text-brand-text hover:bg-brand-soft disabled:opacity-60';

export function UserActions({ user, self }: { user: CompanyUser; self: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const label = user.fullName || user.username;
  // Mails only help a user who may sign in; one's own password is changed in the profile.
  const mailIntent = self || !user.active || user.locked ? null : user.invitationPending ? companyUserIntents.invite : companyUserIntents.reset;
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === mailIntent && navigation.formData.get('id') === String(user._id);
  return (
    <div className="-ml-2 flex flex-wrap gap-x-1">
      <Link to={`${companyUsersPath}?${companyUserPageParams.edit}=${user._id}`} preventScrollReset className={actionClass} data-testid="edit-user">
        <PencilGlyph />
        {t('company_users.edit')}
        <span className="sr-only">: {label}</span>
      </Link>
      {mailIntent ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={mailIntent} />
          <input type="hidden" name="id" value={user._id} />
          <button type="submit" disabled={sending} className={actionClass} data-testid={mailIntent === companyUserIntents.invite ? 'invite-user' : 'reset-user'}>
            <MailGlyph />
            {t(mailIntent === companyUserIntents.invite ? 'company_users.invite_again' : 'company_users.send_reset')}
            <span className="sr-only">: {label}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function RowFailure({ failure }: { failure: FailureMessage | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p role="alert" data-testid="user-row-failure" className="mt-2 rounded-md bg-danger-soft p-2 text-sm text-red-900">
      {t(failure.messageKey, failure.params)}
    </p>
  );
}

function MailGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}
