import type { Route } from './+types/my-account.customer-accounts';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { SavedNotice } from '../features/account/saved-notice';
import { loadCustomerAccounts, switchFromForm } from '../features/sales-person/customer-accounts.server';
import { customerSearchLimit } from '../features/sales-person/sales-person-fields';
import { useSession } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /my-account/customer-accounts: a sales person finds a customer they serve by number or
// name and acts for it. The sidebar's selector does the same with JavaScript; this page needs none: the
// search is a GET form, each answer a small POST form, and after the switch the page says for whom the
// session now acts.

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCustomerAccounts(context.get(appLoadContext), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  return switchFromForm(app, await readForm(request, app));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'customer_accounts');
}

const savedMessages = { switched: 'sales_person.switched' } as const;

export default function CustomerAccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const company = useSession()?.account.company ?? null;
  const { search, searchProblem, accounts } = loaderData;
  return (
    <div className="space-y-4" data-testid="customer-accounts">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-zinc-900">{t('sales_person.page.title')}</h1>
        <p className="text-sm text-zinc-700">{t('sales_person.page.intro')}</p>
      </div>
      <SavedNotice messages={savedMessages} />
      {company ? (
        <p className="rounded-md border border-brand bg-brand-soft px-4 py-3 text-sm text-zinc-900" data-testid="acting-for-page">
          {t('sales_person.acting_for')} <span className="font-semibold">{company.name}</span> <span className="num">({company.customerNo})</span>
        </p>
      ) : null}
      {actionData?.messageKey ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900" data-testid="switch-failure">
          {t(actionData.messageKey)}
        </p>
      ) : null}
      <form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="customer-search" className="mb-1 block text-sm font-medium text-zinc-800">
            {t('sales_person.selector.label')}
          </label>
          <input
            id="customer-search"
            name="search"
            type="search"
            defaultValue={search}
            maxLength={100}
            aria-invalid={searchProblem ? true : undefined}
            aria-describedby={searchProblem ? 'customer-search-problem' : undefined}
            placeholder={t('sales_person.selector.placeholder')}
            className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500"
          />
          {searchProblem ? (
            <p id="customer-search-problem" className="mt-1 text-sm text-red-800">
              {t(searchProblem)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClasses('secondary')}>
          {t('sales_person.page.search')}
        </button>
      </form>
      <p className="text-sm text-zinc-700" aria-live="polite">
        {t('sales_person.page.count', { count: accounts.length })}
        {accounts.length === customerSearchLimit ? ` ${t('sales_person.page.limit')}` : null}
      </p>
      {accounts.length > 0 ? (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white" data-testid="customer-account-rows">
          {accounts.map((account) => {
            const current = account.id === company?._id;
            return (
              <li key={account.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-zinc-900">{account.name}</span>
                  <span className="num block text-sm text-zinc-600">{t('account.sidebar.customer_no', { number: account.customerNo })}</span>
                </span>
                {current ? (
                  <span className="text-sm font-semibold text-brand-text">{t('sales_person.selector.current')}</span>
                ) : (
                  // A document post, not a fetch: the switch reloads the page, so nothing of the
                  // previous company stays in the browser's state.
                  <form method="post">
                    <input type="hidden" name="customerId" value={account.id} />
                    <input type="hidden" name="search" value={search} />
                    <button type="submit" className={buttonClasses('primary', 'sm')} aria-label={t('sales_person.page.switch_to', { name: account.translatedName })}>
                      {t('sales_person.page.switch')}
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-6 text-center text-sm text-zinc-700">{t('sales_person.selector.empty')}</p>
      )}
    </div>
  );
}
