import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../lib/i18n';
import { checkoutIntents } from './checkout-intents';
import { newAddressFields, type NewAddressField } from './new-address-fields';

// The checkout's "new shipping address": a disclosure in the address section that
// opens a small form. Its fields sit inside the place-order form on the page but belong to a form of
// their own (the HTML `form` attribute; forms cannot nest), so saving an address posts only the address
// (intent=addAddress), and Enter in an address field saves the address, not the order. Without
// JavaScript it is the same plain form post.

export const newAddressFormId = 'new-address-form';

export interface NewAddressProblems {
  errors: Partial<Record<NewAddressField, string>>;
  failure: string | null;
  values: Record<NewAddressField, string>;
}

const fieldClass = 'block h-10 w-full rounded-md border bg-white px-3 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand';

function AddressField({
  name,
  label,
  autoComplete,
  defaultValue,
  error,
  optionalText,
  type,
}: {
  name: NewAddressField;
  label: string;
  autoComplete: string;
  defaultValue: string;
  error: string | null;
  optionalText: string | null;
  type: string;
}) {
  const id = `new-address-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
        {optionalText ? <span className="font-normal text-zinc-600"> {optionalText}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        form={newAddressFormId}
        // A section of its own: the browser fills it as a shipping address without touching other fields.
        autoComplete={`section-new-address shipping ${autoComplete}`}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass} ${error ? 'border-danger' : 'border-zinc-300'}`}
      />
      {error ? (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form element the fields post with; rendered outside the place-order form. */
export function NewAddressFormElement() {
  return (
    <Form id={newAddressFormId} method="post" className="hidden">
      <input type="hidden" name="intent" value={checkoutIntents.addAddress} />
    </Form>
  );
}

export function NewAddressDisclosure({
  countries,
  defaultCountry,
  problems,
}: {
  /** The countries the shop ships to, with names in the page's language. */
  countries: readonly { code: string; name: string }[];
  defaultCountry: string;
  /** The refusal of the last save, with what was typed; null for a fresh form. */
  problems: NewAddressProblems | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === checkoutIntents.addAddress;
  // After a refused save, the first field to fix gets the focus (a page without JavaScript has the
  // summary line and each field's message to go by).
  useEffect(() => {
    const first = newAddressFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`new-address-${first}`)?.focus();
  }, [problems]);
  const field = (name: NewAddressField, label: string, autoComplete: string, options: { optional?: boolean; type?: string } = {}) => (
    <AddressField
      name={name}
      label={label}
      autoComplete={autoComplete}
      defaultValue={problems?.values[name] ?? ''}
      error={problems?.errors[name] ? t(problems.errors[name]) : null}
      optionalText={options.optional ? t('checkout.new_address.optional') : null}
      type={options.type ?? 'text'}
    />
  );

  const countryError = problems?.errors.country;
  return (
    <details open={problems !== null} className="group mt-3 rounded-md border border-zinc-300" data-testid="new-address">
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium text-brand-text focus-visible:outline-2 focus-visible:outline-brand">
        <span aria-hidden="true" className="text-base leading-none group-open:rotate-45 motion-safe:transition-transform">
          +
        </span>
        {t('checkout.new_address.title')}
      </summary>
      <div className="space-y-3 border-t border-zinc-200 p-3">
        {problems?.failure ? (
          <p role="alert" data-testid="new-address-failure" className="rounded-md bg-danger-soft p-2 text-sm text-red-900">
            {t(problems.failure)}
          </p>
        ) : null}
        {problems && Object.keys(problems.errors).length > 0 ? (
          <p role="alert" className="text-sm text-danger">
            {t('checkout.new_address.invalid')}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">{field('companyName', t('checkout.new_address.company'), 'organization')}</div>
          {field('firstName', t('checkout.new_address.first_name'), 'given-name')}
          {field('lastName', t('checkout.new_address.last_name'), 'family-name', { optional: true })}
          <div className="sm:col-span-2">{field('street', t('checkout.new_address.street'), 'address-line1')}</div>
          <div className="sm:col-span-2">{field('street2', t('checkout.new_address.street2'), 'address-line2', { optional: true })}</div>
          {field('zipCode', t('checkout.new_address.zip_code'), 'postal-code')}
          {field('city', t('checkout.new_address.city'), 'address-level2')}
          <div>
            <label htmlFor="new-address-country" className="mb-1 block text-sm font-medium text-zinc-800">
              {t('checkout.new_address.country')}
            </label>
            <select
              id="new-address-country"
              name="country"
              form={newAddressFormId}
              autoComplete="section-new-address shipping country"
              defaultValue={problems?.values.country || defaultCountry}
              aria-invalid={countryError ? true : undefined}
              aria-describedby={countryError ? 'new-address-country-error' : undefined}
              className={`${fieldClass} ${countryError ? 'border-danger' : 'border-zinc-300'}`}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {countryError ? (
              <p id="new-address-country-error" data-testid="new-address-country-error" className="mt-1 text-xs text-danger">
                {t(countryError)}
              </p>
            ) : null}
          </div>
          {field('phoneNumber', t('checkout.new_address.phone'), 'tel', { optional: true, type: 'tel' })}
        </div>
        <button
          type="submit"
          form={newAddressFormId}
          disabled={saving}
          data-testid="save-new-address"
          className={buttonClasses('secondary', 'md', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand')}
        >
          {saving ? <Spinner className="size-4" /> : null}
          {t('checkout.new_address.save')}
        </button>
      </div>
    </details>
  );
}
