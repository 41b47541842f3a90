import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { supportedLocales } from '../../../core/locale';
import { stockMailChoices } from '../../../core/stock-mail';
import { useTranslation } from '../../lib/i18n';
import { useNotificationsAllowed } from '../alarms/use-notifications-allowed';
import type { SessionAccount } from '../session/account-name';
import { profileFields, profileIntents, type FailureMessage, type ProfileField } from './account-fields';
import { Card, FieldError, fieldClass, FormProblems, TextField, SubmitButton } from './form-controls';

// The part of the profile a user changes (POST /api/user/currentUser through the page's action): names,
// e-mail, phone, language and, where the shop has stock notifications, their e-mail (each, a daily digest
// or none; docs/product.md, Stock alarms and notifications). A plain form: it works without JavaScript; after a refusal every problem
// stands next to its field, what was typed stays, and the first field to fix gets the focus.

export interface ProfileProblems {
  errors: Partial<Record<ProfileField, string>>;
  failure: FailureMessage | null;
  values: Record<ProfileField, string>;
}

const languageNames: Record<(typeof supportedLocales)[number], string> = { de: 'Deutsch', en: 'English' };

export function ProfileForm({ account, problems }: { account: SessionAccount; problems: ProfileProblems | null }) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const stockMailShown = useNotificationsAllowed();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === profileIntents.profile;
  useEffect(() => {
    const first = profileFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  }, [problems]);

  const value = (field: ProfileField, stored: string) => problems?.values[field] ?? stored;
  const field = (name: Exclude<ProfileField, 'locale' | 'stockMail'>, label: string, stored: string, extra: { type?: string; autoComplete: string; optional?: boolean }) => (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={label}
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete}
      optional={extra.optional ?? false}
      defaultValue={value(name, stored)}
      error={problems?.errors[name]}
    />
  );

  return (
    <Card id="profile-form-title" title={t('account.profile.personal')} testId="profile-form">
      <FormProblems failure={problems?.failure ?? null} invalid={problems !== null && Object.keys(problems.errors).length > 0} testId="profile-failure" />
      {/* The server's messages, in the shop's words, rather than the browser's own bubbles. */}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={profileIntents.profile} />
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', t('account.profile.first_name'), account.firstName, { autoComplete: 'given-name' })}
          {field('lastName', t('account.profile.last_name'), account.lastName, { autoComplete: 'family-name' })}
          <div className="sm:col-span-2">{field('email', t('account.profile.email'), account.email, { type: 'email', autoComplete: 'email' })}</div>
          {field('phone', t('account.profile.phone'), account.phone, { type: 'tel', autoComplete: 'tel', optional: true })}
          <div>
            <label htmlFor="profile-locale" className="mb-1 block text-sm font-medium text-zinc-800">
              {t('account.profile.language')}
            </label>
            <select
              id="profile-locale"
              name="locale"
              defaultValue={value('locale', account.locale ?? locale)}
              aria-invalid={problems?.errors.locale ? true : undefined}
              aria-describedby={problems?.errors.locale ? 'profile-locale-error' : undefined}
              className={`${fieldClass} ${problems?.errors.locale ? 'border-danger' : 'border-zinc-300'}`}
            >
              {supportedLocales.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageNames[code]}
                </option>
              ))}
            </select>
            <FieldError id="profile-locale" error={problems?.errors.locale} />
          </div>
          {stockMailShown ? (
            <fieldset className="sm:col-span-2" aria-describedby={problems?.errors.stockMail ? 'profile-stockMail-error' : undefined}>
              <legend className="mb-1 block text-sm font-medium text-zinc-800">{t('account.profile.stock_mail')}</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {stockMailChoices.map((choice, index) => (
                  <label key={choice} className="inline-flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                    <input
                      type="radio"
                      id={index === 0 ? 'profile-stockMail' : undefined}
                      name="stockMail"
                      value={choice}
                      defaultChecked={value('stockMail', account.stockMail) === choice}
                      className="size-4 accent-brand"
                      data-testid={`stock-mail-${choice}`}
                    />
                    {t(`account.profile.stock_mail.${choice}`)}
                  </label>
                ))}
              </div>
              <FieldError id="profile-stockMail" error={problems?.errors.stockMail} />
            </fieldset>
          ) : null}
        </div>
        <SubmitButton busy={saving} busyLabel={t('account.profile.saving')} label={t('account.profile.save')} testId="save-profile" />
      </Form>
    </Card>
  );
}
