import { data, Link, redirect, useSearchParams } from 'react-router';
import { parseRecordId } from '../../core/record-id';
import type { Route } from './+types/my-account.users';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { PlusGlyph } from '../features/account/account-glyphs';
import { FormFailure } from '../features/account/form-controls';
import { SavedNotice, savedParam } from '../features/account/saved-notice';
import { companyUserIntents, companyUserPageParams, companyUsersPath, companyUserSavedMessages, type CompanyUserIntent } from '../features/company-users/company-user-fields';
import { CompanyUserForm } from '../features/company-users/company-user-form';
import { CompanyUsersForbidden, CompanyUsersList } from '../features/company-users/company-users-list';
import { loadCompanyUsers, runCompanyUserIntent } from '../features/company-users/company-users.server';
import { LoadFailure } from '../features/order-history/list-states';
import { CompanyActivitySection } from '../features/sales-person/company-activity';
import { loadCompanyActivity } from '../features/sales-person/company-activity.server';
import { useSession } from '../features/session/use-root-data';
import { isAppError } from '../../server/page-surface.server';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /my-account/users (docs/product.md, Company users): the customer admin's users of the company — name, username, e-mail,
// phone, active, locked, admin and last sign-in — as a table on wide screens and cards on phones; a form to
// add a user (who gets the invitation mail) or change one (?add, ?edit=id), toggles for active, locked and
// admin, and per user the password reset mail or, for a user who has not set a password yet, the invitation
// again. Every form posts to this action and works without JavaScript; a refusal stands where it arose.
// Anyone but a customer admin gets the page that says why there is nothing (403).

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  const users = await loadCompanyUsers(app);
  // What sales persons did for the company (its audit trail), below the users (only beside a loaded list).
  const activity = users.data.result.state === 'loaded' ? await loadCompanyActivity(app, new URL(request.url)) : null;
  return data({ ...users.data, activity }, users.init ?? undefined);
}

const savedAfter = { add: 'added', edit: 'changed', toggle: 'changed', invite: 'invited', reset: 'reset' } as const satisfies Record<CompanyUserIntent, keyof typeof companyUserSavedMessages>;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const refused = (status: number, messageKey: string) => data({ intent: null, id: null, outcome: { ok: false as const, status, errors: {}, failure: { messageKey, params: {} }, values: null, flag: null } }, { status });
  try {
    // Who may post comes before what was posted.
    await app.services.companyUsers.checkAccess(app.ctx);
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) return refused(error.statusCode, error.messageKey);
    throw error;
  }
  const result = await runCompanyUserIntent(app, await readForm(request, app));
  if (!result) return refused(400, 'validation.invalid');
  // Post, redirect, get: a reload does not post again, and the form that was open closes.
  if (result.outcome.ok) return redirect(`${companyUsersPath}?${savedParam}=${savedAfter[result.intent]}`);
  return data(result, { status: result.outcome.status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'users');
}

export default function CompanyUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const account = useSession()?.account;
  const { result, selfId } = loaderData;
  const heading = <h1 className="text-2xl font-semibold text-zinc-900">{t('company_users.title')}</h1>;

  if (result.state === 'forbidden') {
    return (
      <div className="space-y-4" data-testid="company-users">
        {heading}
        <CompanyUsersForbidden messageKey={result.messageKey} />
      </div>
    );
  }

  const adding = searchParams.has(companyUserPageParams.add);
  const editingId = parseRecordId(searchParams.get(companyUserPageParams.edit));
  const refusal = actionData && !actionData.outcome.ok ? actionData.outcome : null;
  const formProblems = (intent: CompanyUserIntent, id: number | null) => (refusal && actionData?.intent === intent && actionData.id === id ? refusal : null);
  // A refusal that belongs to no open form or row (a stale link, a page posted without an intent) stands on top.
  const users = result.state === 'loaded' ? result.users : [];
  const placed = actionData?.intent === companyUserIntents.add || (actionData?.id != null && users.some((user) => user._id === actionData.id));
  const pageFailure = refusal && !placed ? refusal.failure : null;
  const editing = users.find((user) => user._id === editingId) ?? null;

  return (
    <div className="space-y-4" data-testid="company-users">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        {result.state === 'loaded' && !adding ? (
          <Link to={`${companyUsersPath}?${companyUserPageParams.add}`} preventScrollReset className={buttonClasses('primary')} data-testid="add-user">
            <PlusGlyph />
            {t('company_users.add')}
          </Link>
        ) : null}
      </div>
      {account?.company ? <p className="text-sm text-zinc-700">{t('company_users.intro', { company: account.company.name })}</p> : null}
      <SavedNotice messages={companyUserSavedMessages} />
      <FormFailure failure={pageFailure} testId="company-users-failure" />
      {result.state === 'failed' ? <LoadFailure message={t('company_users.load_failed')} retryTo={companyUsersPath} /> : null}
      {adding ? <CompanyUserForm user={null} problems={formProblems(companyUserIntents.add, null)} /> : null}
      {editing ? <CompanyUserForm key={editing._id} user={editing} self={editing._id === selfId} problems={formProblems(companyUserIntents.edit, editing._id)} /> : null}
      {result.state === 'loaded' ? <CompanyUsersList users={users} selfId={selfId} actionData={actionData ?? null} /> : null}

      {/* ==== COMPANY AUDIT LOG (what sales persons did for the company) ============================== */}
      <CompanyActivitySection activity={loaderData.activity} />
    </div>
  );
}
