import { data, redirect, redirectDocument, useSearchParams } from 'react-router';
import type { Route } from './+types/my-account.profile';
import { appLoadContext } from '../app-context';
import { profileIntents } from '../features/account/account-fields';
import { AccountDetails } from '../features/account/account-details';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { changePasswordFromForm, saveProfileFromForm } from '../features/account/profile.server';
import { SavedNotice, savedParam } from '../features/account/saved-notice';
import { useSession } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { localeCookie } from '../lib/session-cookies.server';
import { pageTitle } from '../lib/page-title';

// /my-account (docs/product.md, Profile): the profile as the shop knows it (name, username, e-mail, phone,
// language, net or gross display, the company with customer number and VAT country), the form to change
// what the user may change, and the password change with the policy's live strength hint. Both forms
// post to this action (told apart by `intent`) and work without JavaScript; a success redirects here
// with `?saved=` (post, redirect, get), which the page says as a toast ('password.updated').

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const intent = form.get('intent');
  if (intent === profileIntents.profile) {
    const result = await saveProfileFromForm(app, form);
    if (!result.ok) return data({ intent: profileIntents.profile, errors: result.errors, failure: result.failure, values: result.values }, { status: result.status });
    const target = `/my-account?${savedParam}=profile`;
    // The chosen language becomes the shop's language too; its texts travel in the document (ADR 0004),
    // so the whole document loads anew.
    if (result.locale && result.locale !== app.ctx.locale) {
      return redirectDocument(target, { headers: { 'Set-Cookie': localeCookie(result.locale, app.publicConfig.publicUrl) } });
    }
    return redirect(target);
  }
  if (intent === profileIntents.password) {
    const result = await changePasswordFromForm(app, form);
    if (!result.ok) return data({ intent: profileIntents.password, errors: result.errors, failure: result.failure }, { status: result.status });
    // The old session has ended: the browser carries the new one from here on.
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append('Set-Cookie', cookie);
    return redirect(`/my-account?${savedParam}=password`, { headers });
  }
  return data({ intent: null, errors: {}, failure: { messageKey: 'validation.invalid', params: {} } }, { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'my_account');
}

const savedMessages = { profile: 'profile.updated', password: 'password.updated' } as const;

export default function ProfilePage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const account = useSession()?.account;
  const [searchParams] = useSearchParams();
  // The root guard lets only signed-in users other than the guest in.
  if (!account) return null;
  const profileProblems = actionData?.intent === profileIntents.profile ? actionData : null;
  const passwordProblems = actionData?.intent === profileIntents.password ? actionData : null;
  return (
    <div className="space-y-4" data-testid="profile-page">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('account.profile.title')}</h1>
      <SavedNotice messages={savedMessages} />
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="xl:col-start-2 xl:row-start-1">
          <AccountDetails account={account} />
        </div>
        <div className="min-w-0 space-y-4 xl:col-start-1 xl:row-start-1">
          {/* After a change both forms start anew from what is stored, the password empty; after a refusal
              they keep what was typed. */}
          <ProfileForm key={`profile-${searchParams.get(savedParam)}`} account={account} problems={profileProblems} />
          <PasswordForm key={`password-${searchParams.get(savedParam)}`} account={account} problems={passwordProblems} />
        </div>
      </div>
    </div>
  );
}
