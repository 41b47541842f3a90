import { type Address, addressInputSchema, countryNameOf, fieldProblems, mayChangeMasterData } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formId, formTexts, onlyFields, refusalOf, type FormRefusal } from '../../lib/form-values.server';
import { addressFormFields, addressIntents, type AddressFormField, type AddressFormValues } from './address-fields';

// /my-account/addresses: the company's address book through the address service, with its rules
// (server/modules/addresses/address.service.ts; docs/product.md, Profile and address book): what each user may add,
// change and delete is the service's decision; the page only leaves out what would be refused.

export interface AddressBook {
  addresses: Address[];
  /** Whether this user changes the company's master data (default, invoice and post addresses). */
  mayChangeMasterData: boolean;
  /** Countries the form offers: where the shop ships, and every country the book already uses. */
  countries: { code: string; name: string }[];
}

export async function loadAddressBook(app: AppLoadContext): Promise<AddressBook> {
  const [{ data: addresses }, configuration] = await Promise.all([app.services.addresses.list(app.ctx), app.services.settings.getConfiguration(app.ctx)]);
  const codes = new Set([...configuration.shippingCountries, ...addresses.flatMap((address) => (address.country ? [address.country.code] : []))]);
  const countries = [...codes]
    .map((code) => ({ code, name: countryNameOf(code, app.ctx.locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, app.ctx.locale));
  return { addresses, mayChangeMasterData: app.ctx.identity ? mayChangeMasterData(app.ctx.identity) : false, countries };
}

/** A refusal that concerns no single field (a blocked user, the last invoice address) stands above the form. */
export interface AddressRefusal extends FormRefusal<AddressFormField> {
  values: AddressFormValues | null;
}

export type AddressResult = { ok: true } | AddressRefusal;

const refusal = (error: unknown, values: AddressFormValues | null): AddressRefusal => ({ ...refusalOf(error, addressFormFields), values });
const valuesOf = (form: FormData): AddressFormValues => formTexts(form, addressFormFields);

const notFound = (values: AddressFormValues | null): AddressRefusal => ({ ok: false, status: 404, errors: {}, failure: { messageKey: 'address.not_found', params: {} }, values });

/**
 * Adds an address (id null) or changes one, through the service like POST and PUT /api/address. The
 * form leaves out the rarely used lines (address line 2, apartment, state): a change keeps what the
 * address has there.
 */
export async function saveAddressFromForm(app: AppLoadContext, form: FormData, id: number | null): Promise<AddressResult> {
  const values = valuesOf(form);
  try {
    // Who may add or change comes first: a blocked user is refused whatever they typed.
    if (id === null) await app.services.addresses.checkMayAdd(app.ctx);
    else await app.services.addresses.checkMayChange(app.ctx);
    const current = id === null ? null : await app.services.addresses.findForCompany(app.ctx, id);
    const input = {
      ...values,
      type: /^[0-3]$/.test(values.type) ? Number(values.type) : values.type,
      isDefault: values.isDefault === 'on',
      addressline2: current?.addressline2 ?? null,
      apartment: current?.apartment ?? null,
      state: current?.state ?? null,
    };
    const parsed = addressInputSchema.safeParse(input);
    const errors: AddressRefusal['errors'] = parsed.success ? {} : fieldProblems(parsed.error, input);
    // The schema checks "a first name or a company name" only once every field is valid; the form
    // says everything at once, so the buyer fixes it in one go.
    if (!values.firstName.trim() && !values.companyName.trim()) errors.firstName ??= 'address.name.required';
    if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, status: 400, errors: onlyFields(errors, addressFormFields), failure: null, values };
    if (id === null) await app.services.addresses.create(app.ctx, parsed.data);
    else await app.services.addresses.update(app.ctx, id, parsed.data);
    return { ok: true };
  } catch (error) {
    return refusal(error, values);
  }
}

/** Makes an address the default of its type: the address as it is, sent back with isDefault. */
export async function setDefaultAddress(app: AppLoadContext, id: number | null): Promise<AddressResult> {
  if (id === null) return notFound(null);
  try {
    await app.services.addresses.checkMayChange(app.ctx);
    const current = await app.services.addresses.findForCompany(app.ctx, id);
    const parsed = addressInputSchema.safeParse({ ...current, isDefault: true });
    // An imported address the form would not accept (no country): it is to be completed first.
    if (!parsed.success) return { ok: false, status: 400, errors: {}, failure: { messageKey: 'address_book.default.incomplete', params: {} }, values: null };
    await app.services.addresses.update(app.ctx, id, parsed.data);
    return { ok: true };
  } catch (error) {
    return refusal(error, null);
  }
}

export async function deleteAddress(app: AppLoadContext, id: number | null): Promise<AddressResult> {
  if (id === null) return notFound(null);
  try {
    await app.services.addresses.remove(app.ctx, id);
    return { ok: true };
  } catch (error) {
    return refusal(error, null);
  }
}

export type AddressIntent = (typeof addressIntents)[keyof typeof addressIntents];

const isAddressIntent = (value: unknown): value is AddressIntent => Object.values(addressIntents).includes(value as AddressIntent);

/** The page's action: what the form asked for, the address it named, and how it went; null for no known intent. */
export async function runAddressIntent(app: AppLoadContext, form: FormData): Promise<{ intent: AddressIntent; id: number | null; result: AddressResult } | null> {
  const intent = form.get('intent');
  if (!isAddressIntent(intent)) return null;
  // Anything but an id as the form posts it is an address the company does not have.
  const id = formId(form);
  const run: Record<AddressIntent, () => Promise<AddressResult>> = {
    add: () => saveAddressFromForm(app, form, null),
    edit: async () => (id === null ? notFound(valuesOf(form)) : saveAddressFromForm(app, form, id)),
    setDefault: () => setDefaultAddress(app, id),
    delete: () => deleteAddress(app, id),
  };
  return { intent, id, result: await run[intent]() };
}
