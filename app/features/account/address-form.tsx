import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Address } from '../../../server/page-surface.server';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from './account-fields';
import { addressFormFields, addressIntents, type AddressFormField, type AddressFormValues } from './address-fields';
import { FieldError, fieldClass, FormProblems, TextField, SubmitButton } from './form-controls';

// Adding or changing an address of the company's address book. A plain form (it works without
// JavaScript) opened by a link (?add, ?edit=id); after a refusal every problem stands next to its field
// and what was typed stays. Users who may change the company's master data choose the kind of address;
// for everyone else it is a shipping address.

export interface AddressFormProblems {
  errors: Partial<Record<AddressFormField, string>>;
  failure: FailureMessage | null;
  values: AddressFormValues | null;
}

/** The kinds of address (docs/product.md, Entities), in the order the page lists them. */
export const addressTypeOrder = [0, 2, 3, 1] as const;

function valuesOfAddress(address: Address | null, defaultCountry: string): AddressFormValues {
  return {
    type: String(address?.type ?? 1),
    companyName: address?.companyName ?? '',
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    street: address?.street ?? '',
    street2: address?.street2 ?? '',
    zipCode: address?.zipCode ?? '',
    city: address?.city ?? '',
    country: address ? (address.country?.code ?? '') : defaultCountry,
    phoneNumber: address?.phoneNumber ?? '',
    isDefault: address?.isDefault ? 'on' : '',
  };
}

export function AddressForm({
  address,
  countries,
  defaultCountry,
  chooseType,
  problems,
  cancelTo,
}: {
  /** The address to change; null adds one. */
  address: Address | null;
  countries: readonly { code: string; name: string }[];
  defaultCountry: string;
  /** Whether the user may pick the kind (master data); otherwise the address is a shipping address. */
  chooseType: boolean;
  problems: AddressFormProblems | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const intent = address ? addressIntents.edit : addressIntents.add;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const heading = useRef<HTMLHeadingElement>(null);
  const values = problems?.values ?? valuesOfAddress(address, defaultCountry);
  const idPrefix = address ? `address-${address._id}` : 'address-new';

  // Opening the form moves the focus to it; after a refusal, to the first field to fix.
  useEffect(() => {
    const first = addressFormFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    else heading.current?.focus();
  }, [problems, idPrefix]);

  const field = (name: Exclude<AddressFormField, 'type' | 'country' | 'isDefault'>, label: string, autoComplete: string, options: { optional?: boolean; type?: string } = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      type={options.type ?? 'text'}
      optional={options.optional ?? false}
      autoComplete={`section-${idPrefix} ${autoComplete}`}
      defaultValue={values[name]}
      error={problems?.errors[name]}
    />
  );
  const selectClass = (error: string | undefined) => `${fieldClass} ${error ? 'border-danger' : 'border-zinc-300'}`;
  const countryMissing = values.country !== '' && !countries.some((country) => country.code === values.country);

  return (
    <div className="rounded-lg border border-brand bg-white p-4 sm:p-5" data-testid="address-form">
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-base font-semibold text-zinc-900 outline-none">
        {t(address ? 'address_book.form.edit_title' : 'address_book.form.add_title')}
      </h3>
      <FormProblems failure={problems?.failure ?? null} invalid={problems !== null && Object.keys(problems.errors).length > 0} testId="address-failure" />
      <Form method="post" noValidate preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {address ? <input type="hidden" name="id" value={address._id} /> : null}
        {chooseType ? (
          <div className="sm:max-w-xs">
            <label htmlFor={`${idPrefix}-type`} className="mb-1 block text-sm font-medium text-zinc-800">
              {t('address_book.form.type')}
            </label>
            <select
              id={`${idPrefix}-type`}
              name="type"
              defaultValue={values.type}
              aria-invalid={problems?.errors.type ? true : undefined}
              aria-describedby={problems?.errors.type ? `${idPrefix}-type-error` : undefined}
              className={selectClass(problems?.errors.type)}
            >
              {addressTypeOrder.map((type) => (
                <option key={type} value={type}>
                  {t(`address_book.kind.${type}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${idPrefix}-type`} error={problems?.errors.type} />
          </div>
        ) : (
          <input type="hidden" name="type" value="1" />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">{field('companyName', t('address_book.field.company'), 'organization')}</div>
          {field('firstName', t('address_book.field.first_name'), 'given-name')}
          {field('lastName', t('address_book.field.last_name'), 'family-name', { optional: true })}
          <div className="sm:col-span-2">{field('street', t('address_book.field.street'), 'address-line1')}</div>
          <div className="sm:col-span-2">{field('street2', t('address_book.field.street2'), 'address-line2', { optional: true })}</div>
          {field('zipCode', t('address_book.field.zip_code'), 'postal-code')}
          {field('city', t('address_book.field.city'), 'address-level2')}
          <div>
            <label htmlFor={`${idPrefix}-country`} className="mb-1 block text-sm font-medium text-zinc-800">
              {t('address_book.field.country')}
            </label>
            <select
              id={`${idPrefix}-country`}
              name="country"
              autoComplete={`section-${idPrefix} country`}
              defaultValue={values.country}
              aria-invalid={problems?.errors.country ? true : undefined}
              aria-describedby={problems?.errors.country ? `${idPrefix}-country-error` : undefined}
              className={selectClass(problems?.errors.country)}
            >
              {values.country === '' ? <option value="">{t('address_book.field.country.choose')}</option> : null}
              {countryMissing ? <option value={values.country}>{values.country}</option> : null}
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            <FieldError id={`${idPrefix}-country`} error={problems?.errors.country} />
          </div>
          {field('phoneNumber', t('address_book.field.phone'), 'tel', { optional: true, type: 'tel' })}
        </div>
        <label htmlFor={`${idPrefix}-isDefault`} className="flex items-center gap-3 text-sm text-zinc-800">
          <input
            id={`${idPrefix}-isDefault`}
            name="isDefault"
            type="checkbox"
            defaultChecked={values.isDefault === 'on'}
            className="size-5 shrink-0 accent-(--brand) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          />
          {t('address_book.form.is_default')}
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={cancelTo} preventScrollReset className={buttonClasses('secondary')}>
            {t('common.cancel')}
          </Link>
          <SubmitButton busy={saving} busyLabel={t('address_book.form.saving')} label={t('address_book.form.save')} testId="save-address" />
        </div>
      </Form>
    </div>
  );
}
