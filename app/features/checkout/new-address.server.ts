import { type Address, addressInputSchema, addressTypes, fieldProblems, isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formTexts, onlyFields } from '../../lib/form-values.server';
import { newAddressFields, type NewAddressField } from './new-address-fields';

// "New shipping address" at checkout: the page action's intent=addAddress. The address
// goes through the address book's service like POST /api/address (same entitlement checks, same
// validation, same limits), as a shipping address (type 1) of the buyer's company. On top of that the
// checkout only takes countries it ships to (configuration shippingCountries): an address it could
// not ship to would be useless here.

/** What the buyer typed, kept to fill the form again after a refusal. */
export type NewAddressValues = Record<NewAddressField, string>;

export type NewAddressResult =
  | { ok: true; address: Address }
  | {
      ok: false;
      status: number;
      /** Field → message key, shown next to the field. */
      errors: Partial<Record<NewAddressField, string>>;
      /** A refusal that concerns no single field (blocked user, too many addresses), as a message key. */
      failure: string | null;
      values: NewAddressValues;
    };

export async function addAddressFromForm(app: AppLoadContext, form: FormData): Promise<NewAddressResult> {
  const values: NewAddressValues = formTexts(form, newAddressFields);
  const refused = (status: number, failure: string | null, errors: Partial<Record<NewAddressField, string>> = {}): NewAddressResult => ({
    ok: false,
    status,
    errors,
    failure,
    values,
  });
  try {
    // Who may add comes first: a blocked user is refused whatever they typed (403 'address.adding.blocked').
    await app.services.addresses.checkMayAdd(app.ctx);
    const input = { ...values, type: addressTypes.shipping, isDefault: false };
    const parsed = addressInputSchema.safeParse(input);
    const shippingCountries = (await app.services.settings.getConfiguration(app.ctx)).shippingCountries;
    const errors = parsed.success ? {} : onlyFields(fieldProblems(parsed.error, input), newAddressFields);
    // The schema checks "a first name or a company name" only once every field is valid; the form
    // says everything at once, so the buyer fixes it in one go.
    if (!values.firstName.trim() && !values.companyName.trim()) errors.firstName ??= 'address.name.required';
    if (!errors.country && values.country && !shippingCountries.includes(values.country.trim().toUpperCase())) errors.country = 'address.country.invalid';
    if (!parsed.success || Object.keys(errors).length > 0) return refused(400, null, errors);
    return { ok: true, address: await app.services.addresses.create(app.ctx, parsed.data) };
  } catch (error) {
    if (!isAppError(error) || error.statusCode >= 500) throw error;
    const field = error.field as NewAddressField | undefined;
    return field && newAddressFields.includes(field) ? refused(error.statusCode, null, { [field]: error.messageKey }) : refused(error.statusCode, error.messageKey);
  }
}
