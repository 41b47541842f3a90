import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { FormFailure, TextField, SubmitButton } from '../account/form-controls';

// /forgot-password: the account's e-mail address, and what happened to it. A problem with the address
// itself sits at the field; the service's answers (unknown address, shared address, blocked account, the
// guest, too many requests) above the form, announced.

export interface ForgotPasswordProblems {
  email: string;
  emailError: string | null;
  failure: FailureMessage | null;
}

export function ForgotPasswordForm({ problems }: { problems: ForgotPasswordProblems | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  useEffect(() => {
    if (problems) document.getElementById('forgot-email')?.focus();
  }, [problems]);
  return (
    <section className="w-full max-w-sm" data-testid="forgot-password">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('forgot_password.title')}</h1>
      <p className="mt-2 mb-6 text-sm text-zinc-700">{t('forgot_password.intro')}</p>
      <FormFailure failure={problems?.failure ?? null} testId="forgot-password-failure" />
      <Form method="post" noValidate className="space-y-4">
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          label={t('forgot_password.email')}
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          defaultValue={problems?.email ?? ''}
          error={problems?.emailError ?? undefined}
        />
        <SubmitButton busy={sending} busyLabel={t('forgot_password.sending')} label={t('forgot_password.submit')} testId="forgot-password-submit" className="w-full" />
      </Form>
      <BackToSignIn />
    </section>
  );
}

export function ResetMailSent({ email }: { email: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone after the post: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="forgot-password-sent">
      <CheckCircleIcon className="mx-auto size-10 text-success" />
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-semibold text-zinc-900 outline-none">
        {t('forgot_password.sent.title')}
      </h1>
      <p className="mt-3 text-zinc-800">{t('forgot_password.sent.body', { email })}</p>
      <p className="mt-2 text-sm text-zinc-700">{t('forgot_password.sent.hint')}</p>
      <Link to="/auth" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('forgot_password.back')}
      </Link>
    </section>
  );
}

export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center text-sm text-zinc-700">
      <Link to="/auth" className="font-medium text-brand-text underline underline-offset-2">
        {t('forgot_password.back')}
      </Link>
    </p>
  );
}
