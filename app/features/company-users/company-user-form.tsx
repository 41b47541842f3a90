import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { CompanyUser } from '../../../server/page-surface.server';
import { buttonClasses } from '../../components/ui/button';
import { InfoIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { FieldError, FormProblems, TextField, SubmitButton } from '../account/form-controls';
import { companyUserFlags, companyUserFormFields, companyUserIntents, companyUsersPath, flagLabelKeys, type CompanyUserFormField, type CompanyUserFormValues } from './company-user-fields';

// Adding or changing a user of the company: names, username, e-mail, phone, and whether the user is active,
// locked and an administrator. A plain form (it works without JavaScript) opened by a link (?add, ?edit=id);
// after a refusal every problem stands next to its field (the server's rules too: a username taken, an admin
// locking themself) and what was typed stays.

export interface CompanyUserFormProblems {
  errors: Partial<Record<CompanyUserFormField, string>>;
  failure: FailureMessage | null;
  values: CompanyUserFormValues | null;
}

const flagHints: Record<(typeof companyUserFlags)[number], string> = {
  active: 'company_users.flag.active.hint',
  locked: 'company_users.flag.locked.hint',
  customerAdmin: 'company_users.flag.admin.hint',
};

function valuesOfUser(user: CompanyUser | null): CompanyUserFormValues {
  const on = (value: boolean) => (value ? 'on' : '');
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    // A new user is active, not locked, not an administrator unless the admin says otherwise.
    active: on(user?.active ?? true),
    locked: on(user?.locked ?? false),
    customerAdmin: on(user?.customerAdmin ?? false),
  };
}

export function CompanyUserForm({ user, self = false, problems }: { user: CompanyUser | null; self?: boolean; problems: CompanyUserFormProblems | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const intent = user ? companyUserIntents.edit : companyUserIntents.add;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const heading = useRef<HTMLHeadingElement>(null);
  const values = problems?.values ?? valuesOfUser(user);
  const idPrefix = user ? `user-${user._id}` : 'user-new';

  // Opening the form moves the focus to it; after a refusal, to the first field to fix.
  useEffect(() => {
    const first = companyUserFormFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    else heading.current?.focus();
  }, [problems, idPrefix]);

  const field = (name: 'firstName' | 'lastName' | 'username' | 'email' | 'phone', autoComplete: string, options: { optional?: boolean; type?: string; hint?: string } = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={t(`company_users.field.${name}`)}
      type={options.type ?? 'text'}
      optional={options.optional ?? false}
      autoComplete={autoComplete}
      defaultValue={values[name]}
      error={problems?.errors[name]}
      hintId={options.hint ? `${idPrefix}-${name}-hint` : undefined}
    >
      {options.hint ? (
        <p id={`${idPrefix}-${name}-hint`} className="mt-1 text-xs text-zinc-600">
          {options.hint}
        </p>
      ) : null}
    </TextField>
  );

  return (
    <div className="rounded-lg border border-brand bg-white p-4 sm:p-5" data-testid="user-form">
      <h2 ref={heading} tabIndex={-1} className="mb-4 text-base font-semibold text-zinc-900 outline-none">
        {user ? t('company_users.form.edit_title', { name: user.fullName || user.username }) : t('company_users.form.add_title')}
      </h2>
      <FormProblems failure={problems?.failure ?? null} invalid={problems !== null && Object.keys(problems.errors).length > 0} testId="user-form-failure" />
      <Form method="post" noValidate preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {user ? <input type="hidden" name="id" value={user._id} /> : null}
        {/* Autofill must not put the admin's own sign-in into another person's record. */}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'off')}
          {field('lastName', 'off')}
          {field('username', 'off', { hint: t('company_users.field.username.hint') })}
          {field('email', 'off', { type: 'email' })}
          {field('phone', 'off', { type: 'tel', optional: true })}
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-zinc-800">{t('company_users.form.access')}</legend>
          {companyUserFlags.map((flag) => {
            const id = `${idPrefix}-${flag}`;
            const error = problems?.errors[flag];
            return (
              <div key={flag}>
                <label htmlFor={id} className="flex items-start gap-3 text-sm text-zinc-800">
                  <input
                    id={id}
                    name={flag}
                    type="checkbox"
                    defaultChecked={values[flag] === 'on'}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                    className="mt-0.5 size-5 shrink-0 accent-(--brand) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                  />
                  <span>
                    <span className="font-medium">{t(flagLabelKeys[flag])}</span>
                    <span id={`${id}-hint`} className="block text-xs text-zinc-600">
                      {t(flagHints[flag])}
                    </span>
                  </span>
                </label>
                <div className="pl-8">
                  <FieldError id={id} error={error} />
                </div>
              </div>
            );
          })}
        </fieldset>
        {self ? <Note text={t('company_users.form.self_hint')} /> : null}
        {user ? null : <Note text={t('company_users.form.invitation_hint')} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={companyUsersPath} preventScrollReset className={buttonClasses('secondary')}>
            {t('common.cancel')}
          </Link>
          <SubmitButton busy={saving} busyLabel={t('company_users.form.saving')} label={t(user ? 'company_users.form.save' : 'company_users.form.add')} testId="save-user" />
        </div>
      </Form>
    </div>
  );
}

function Note({ text }: { text: string }) {
  return (
    <p className="flex gap-2 rounded-md border border-blue-200 bg-info-soft p-3 text-sm text-zinc-900">
      <InfoIcon className="size-5 shrink-0 text-info" />
      {text}
    </p>
  );
}
