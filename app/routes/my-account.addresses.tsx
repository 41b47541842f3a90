import { data, Link, redirect, useSearchParams } from 'react-router';
import { parseRecordId } from '../../core/record-id';
import type { Address } from '../../server/page-surface.server';
import type { Route } from './+types/my-account.addresses';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { InfoIcon } from '../components/ui/icons';
import { PlusGlyph } from '../features/account/account-glyphs';
import { loadAddressBook, runAddressIntent, type AddressIntent } from '../features/account/address-book.server';
import { AddressCard } from '../features/account/address-card';
import { addressIntents, addressPageParams, addressSavedMessages } from '../features/account/address-fields';
import { AddressForm, addressTypeOrder } from '../features/account/address-form';
import { FormFailure } from '../features/account/form-controls';
import { SavedNotice, savedParam } from '../features/account/saved-notice';
import { useSession } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /my-account/addresses (docs/product.md, Profile): the company's addresses by kind (main, invoice, postal,
// shipping), each kind's default marked; add, change, delete (after a confirmation) and make one the
// default, under the address book's rules (server/modules/addresses/address.service.ts): buyers manage
// the shipping addresses, master data is for customer admins, sales persons and admins, and a user with
// blockUsersToAddNewAddress neither adds nor changes. Forms and confirmation open through plain links
// (?add, ?edit=id, ?delete=id) and post to this action: all of it works without JavaScript.

export async function loader({ context }: Route.LoaderArgs) {
  return loadAddressBook(context.get(appLoadContext));
}

const pagePath = '/my-account/addresses';
const savedAfter = { add: 'added', edit: 'changed', setDefault: 'default', delete: 'deleted' } as const satisfies Record<AddressIntent, keyof typeof addressSavedMessages>;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const outcome = await runAddressIntent(app, await readForm(request, app));
  if (!outcome) return data({ intent: null, id: null, errors: {}, failure: { messageKey: 'validation.invalid', params: {} }, values: null }, { status: 400 });
  const { intent, id, result } = outcome;
  // Post, redirect, get: a reload does not post again, and the form that was open closes.
  if (result.ok) return redirect(`${pagePath}?${savedParam}=${savedAfter[intent]}`);
  return data({ intent, id, errors: result.errors, failure: result.failure, values: result.values }, { status: result.status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'addresses');
}

export default function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const account = useSession()?.account;
  const { addresses, countries, mayChangeMasterData } = loaderData;
  const blocked = account?.blockUsersToAddNewAddress === true;
  const mayAdd = !blocked;
  const actionsFor = (address: Address) => {
    const mayManageType = address.type === 1 || mayChangeMasterData;
    // A blocked user may still delete: it adds no destination (the service's rule).
    return { mayChange: mayManageType && !blocked, mayDelete: mayManageType };
  };

  const adding = mayAdd && searchParams.has(addressPageParams.add);
  const editingId = parseRecordId(searchParams.get(addressPageParams.edit));
  const deletingId = parseRecordId(searchParams.get(addressPageParams.delete));
  const problemsFor = (intent: string, id: number | null) => (actionData && actionData.intent === intent && actionData.id === id ? actionData : null);
  // A refusal that belongs to no open form (making a default, a deleted address, a stale link) stands on top.
  const placeless = actionData && (actionData.intent === null || actionData.intent === addressIntents.setDefault || (actionData.intent !== addressIntents.add && actionData.id === null));
  const pageFailure = placeless ? actionData.failure : null;
  const hrefFor = (address: Address) => (open: 'edit' | 'delete' | null) => (open ? `${pagePath}?${addressPageParams[open]}=${address._id}` : pagePath);
  const defaultCountry = addresses.find((address) => address.type === 2)?.country?.code ?? addresses.find((address) => address.type === 0)?.country?.code ?? countries[0]?.code ?? '';

  return (
    <div className="space-y-4" data-testid="address-book">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-zinc-900">{t('address_book.title')}</h1>
        {mayAdd && !adding ? (
          <Link to={`${pagePath}?${addressPageParams.add}`} preventScrollReset className={buttonClasses('primary')} data-testid="add-address">
            <PlusGlyph />
            {t('address_book.add')}
          </Link>
        ) : null}
      </div>
      <SavedNotice messages={addressSavedMessages} />
      <FormFailure failure={pageFailure} testId="address-book-failure" />
      {blocked ? <Hint text={t('address_book.blocked')} testId="address-book-blocked" /> : !mayChangeMasterData ? <Hint text={t('address_book.master_data.hint')} /> : null}
      {adding ? (
        <AddressForm
          address={null}
          countries={countries}
          defaultCountry={defaultCountry}
          chooseType={mayChangeMasterData}
          problems={problemsFor(addressIntents.add, null)}
          cancelTo={pagePath}
        />
      ) : null}
      {addressTypeOrder.map((type) => {
        const ofType = addresses.filter((address) => address.type === type);
        // The shipping addresses are always listed (with an empty state); other kinds only when there are some.
        if (ofType.length === 0 && type !== 1) return null;
        const headingId = `address-type-${type}`;
        return (
          <section key={type} aria-labelledby={headingId} data-testid={`address-group-${type}`} className="space-y-2">
            <h2 id={headingId} className="text-base font-semibold text-zinc-900">
              {t(`address_book.type.${type}`)} <span className="num font-normal text-zinc-600">({ofType.length})</span>
            </h2>
            {ofType.length === 0 ? (
              <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-4 text-sm text-zinc-700">{t('address_book.empty.shipping')}</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2">
                {ofType.map((address) => {
                  const actions = actionsFor(address);
                  const editing = actions.mayChange && editingId === address._id;
                  return (
                    <li key={address._id} className={editing ? 'md:col-span-2' : 'flex'}>
                      {editing ? (
                        <AddressForm
                          address={address}
                          countries={countries}
                          defaultCountry={defaultCountry}
                          chooseType={mayChangeMasterData}
                          problems={problemsFor(addressIntents.edit, address._id)}
                          cancelTo={pagePath}
                        />
                      ) : (
                        <AddressCard
                          address={address}
                          actions={actions}
                          confirmingDelete={actions.mayDelete && deletingId === address._id}
                          deleteFailure={problemsFor(addressIntents.delete, address._id)?.failure ?? null}
                          hrefFor={hrefFor(address)}
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function Hint({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="flex gap-2 rounded-md border border-blue-200 bg-info-soft p-3 text-sm text-zinc-900" data-testid={testId}>
      <InfoIcon className="size-5 shrink-0 text-info" />
      {text}
    </p>
  );
}
