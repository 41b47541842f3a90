import { useEffect } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { contactFields, contactLimits, type ContactField, type ContactValues } from '../../../core/contact-fields';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { FormProblems, SubmitButton, TextAreaField, TextField } from '../account/form-controls';
import { PrivacyConsent } from '../signup/privacy-consent';

// The form of /static/contact-us: who writes (a visitor types name and e-mail address; a signed-in account
// sees its own, which it cannot change here), the subject, the message and the consent to the privacy
// policy. A plain form posting to the page's action (it works without JavaScript); after a refusal every
// problem stands next to its field and what was typed stays, and the focus goes to the first field to fix.

export interface ContactProblems {
  errors: Partial<Record<ContactField, string>>;
  failure: FailureMessage | null;
  values: ContactValues;
}

export function ContactForm({
  account,
  privacyPolicyHtml,
  problems,
}: {
  account: { name: string; email: string } | null;
  privacyPolicyHtml: string;
  problems: ContactProblems | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const values = problems?.values;
  const errors = problems?.errors ?? {};

  // After a refusal, the focus goes to the first field to fix, in form order.
  useEffect(() => {
    const first = contactFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`contact-${first}`)?.focus();
  }, [problems]);

  return (
    <section aria-labelledby="contact-form-title" className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 id="contact-form-title" className="mb-4 text-lg font-semibold text-zinc-900">
        {t('contact.form.title')}
      </h2>
      <FormProblems failure={problems?.failure ?? null} invalid={Object.keys(errors).length > 0} testId="contact-failure" invalidTestId="contact-invalid" />
      <Form method="post" noValidate className="space-y-4" data-testid="contact-form">
        <div className="grid gap-4 sm:grid-cols-2">
          {account ? (
            <>
              {/* The account's own name and address; the server takes them from the account, whatever is posted. */}
              <TextField id="contact-name" name="name" label={t('contact.field.name')} value={account.name} readOnly hintId="contact-account-hint" />
              <TextField id="contact-email" name="email" label={t('contact.field.email')} type="email" value={account.email} readOnly hintId="contact-account-hint" />
              <p id="contact-account-hint" className="-mt-2 text-xs text-zinc-600 sm:col-span-2">
                {t('contact.account.hint')}{' '}
                <Link to="/my-account" className="font-medium text-brand-text underline underline-offset-2">
                  {t('contact.account.profile')}
                </Link>
              </p>
            </>
          ) : (
            <>
              <TextField
                id="contact-name"
                name="name"
                label={t('contact.field.name')}
                autoComplete="name"
                required
                maxLength={contactLimits.name}
                defaultValue={values?.name ?? ''}
                error={errors.name}
              />
              <TextField
                id="contact-email"
                name="email"
                label={t('contact.field.email')}
                type="email"
                autoComplete="email"
                required
                maxLength={contactLimits.email}
                defaultValue={values?.email ?? ''}
                error={errors.email}
                hintId="contact-email-hint"
              >
                <p id="contact-email-hint" className="mt-1 text-xs text-zinc-600">
                  {t('contact.field.email.hint')}
                </p>
              </TextField>
            </>
          )}
        </div>
        <TextField id="contact-subject" name="subject" label={t('contact.field.subject')} required maxLength={contactLimits.subject} defaultValue={values?.subject ?? ''} error={errors.subject} />
        <TextAreaField
          id="contact-message"
          name="message"
          label={t('contact.field.message')}
          required
          rows={8}
          maxLength={contactLimits.message}
          defaultValue={values?.message ?? ''}
          error={errors.message}
          hintId="contact-message-hint"
        >
          <p id="contact-message-hint" className="mt-1 text-xs text-zinc-600">
            {t('contact.field.message.hint')}
          </p>
        </TextAreaField>
        <PrivacyConsent idPrefix="contact" policyHtml={privacyPolicyHtml} checked={values ? values.privacyAccepted === 'on' : false} error={errors.privacyAccepted} />
        <SubmitButton busy={sending} busyLabel={t('contact.sending')} label={t('contact.submit')} testId="contact-submit" className="w-full sm:w-auto" />
      </Form>
    </section>
  );
}
