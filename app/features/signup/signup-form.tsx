import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { vatIdExample } from '../../../core/vat-id';
import { signupFields, signupLimits, type SignupField, type SignupValues } from '../../../core/signup-fields';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { FieldError, fieldClass, FormProblems, TextAreaField, TextField, SubmitButton } from '../account/form-controls';
import { PrivacyConsent } from './privacy-consent';

// The form of /signup: the company, the contact person, a message and the consent to the privacy policy.
// A plain form (it works without JavaScript); after a refusal every problem stands next to its field and
// what was typed stays, and the focus goes to the first field to fix.

export interface SignupProblems {
  errors: Partial<Record<SignupField, string>>;
  failure: FailureMessage | null;
  values: SignupValues;
}

const legendClass = 'mb-3 text-base font-semibold text-zinc-900';

export function SignupForm({
  countries,
  defaultCountry,
  privacyPolicyHtml,
  problems,
}: {
  countries: readonly { code: string; name: string }[];
  defaultCountry: string;
  privacyPolicyHtml: string;
  problems: SignupProblems | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const values = problems?.values;
  const errors = problems?.errors ?? {};
  const [country, setCountry] = useState(values?.countryCode || defaultCountry);

  // After a refusal, the focus goes to the first field to fix, in form order.
  useEffect(() => {
    const first = signupFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`signup-${first}`)?.focus();
  }, [problems]);

  const field = (name: SignupField, label: string, autoComplete: string, options: { optional?: boolean; type?: string; hint?: string; wide?: boolean } = {}) => (
    <div className={options.wide ? 'sm:col-span-2' : undefined}>
      <TextField
        id={`signup-${name}`}
        name={name}
        label={label}
        type={options.type ?? 'text'}
        optional={options.optional ?? false}
        required={!options.optional}
        autoComplete={autoComplete}
        maxLength={name in signupLimits ? signupLimits[name as keyof typeof signupLimits] : undefined}
        defaultValue={values?.[name] ?? ''}
        error={errors[name]}
        {...(options.hint ? { hintId: `signup-${name}-hint` } : {})}
      >
        {options.hint ? (
          <p id={`signup-${name}-hint`} className="mt-1 text-xs text-zinc-600">
            {options.hint}
          </p>
        ) : null}
      </TextField>
    </div>
  );
  const example = vatIdExample(country);
  const invalid = Object.keys(errors).length > 0;

  return (
    <>
      <FormProblems failure={problems?.failure ?? null} invalid={invalid} testId="signup-failure" invalidTestId="signup-invalid" />
      <Form method="post" noValidate className="space-y-6 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6" data-testid="signup-form">
        <fieldset>
          <legend className={legendClass}>{t('signup.section.company')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('companyName', t('signup.field.company_name'), 'organization', { wide: true })}
            {field('vatId', t('signup.field.vat_id'), 'off', { optional: true, hint: t('signup.field.vat_id.hint', { example: example ?? 'DE123456789' }) })}
            {field('customerNo', t('signup.field.customer_no'), 'off', { optional: true, hint: t('signup.field.customer_no.hint') })}
            {field('street', t('signup.field.street'), 'address-line1', { wide: true })}
            {field('zipCode', t('signup.field.zip_code'), 'postal-code')}
            {field('city', t('signup.field.city'), 'address-level2')}
            <div className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="signup-countryCode" className="mb-1 block text-sm font-medium text-zinc-800">
                {t('signup.field.country')}
              </label>
              <select
                id="signup-countryCode"
                name="countryCode"
                autoComplete="country"
                required
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                aria-invalid={errors.countryCode ? true : undefined}
                aria-describedby={errors.countryCode ? 'signup-countryCode-error' : undefined}
                className={`${fieldClass} ${errors.countryCode ? 'border-danger' : 'border-zinc-300'}`}
              >
                {country === '' ? <option value="">{t('address_book.field.country.choose')}</option> : null}
                {country !== '' && !countries.some((option) => option.code === country) ? <option value={country}>{country}</option> : null}
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
              <FieldError id="signup-countryCode" error={errors.countryCode} />
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend className={legendClass}>{t('signup.section.contact')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', t('signup.field.first_name'), 'given-name')}
            {field('lastName', t('signup.field.last_name'), 'family-name')}
            {field('email', t('signup.field.email'), 'email', { type: 'email', hint: t('signup.field.email.hint') })}
            {field('phone', t('signup.field.phone'), 'tel', { optional: true, type: 'tel' })}
            <div className="sm:col-span-2">
              <TextAreaField
                id="signup-message"
                name="message"
                label={t('signup.field.message')}
                optional
                rows={4}
                maxLength={signupLimits.message}
                defaultValue={values?.message ?? ''}
                error={errors.message}
                hintId="signup-message-hint"
              >
                <p id="signup-message-hint" className="mt-1 text-xs text-zinc-600">
                  {t('signup.field.message.hint')}
                </p>
              </TextAreaField>
            </div>
          </div>
        </fieldset>
        <PrivacyConsent idPrefix="signup" policyHtml={privacyPolicyHtml} checked={values ? values.privacyAccepted === 'on' : false} error={errors.privacyAccepted} />
        <SubmitButton busy={sending} busyLabel={t('signup.sending')} label={t('signup.submit')} testId="signup-submit" className="w-full sm:w-auto" />
      </Form>
    </>
  );
}
