import { useEffect } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import type { FailureMessage } from '../account/account-fields';
import { FormFailure, SubmitButton } from '../account/form-controls';
import { NewPasswordFields } from '../account/new-password-fields';
import { BackToSignIn } from './forgot-password-form';
import { resetFields, type ResetField } from './reset-fields';

// /reset?token=…: the new password with the policy's live hint (the same module the server enforces, for
// the account the link belongs to) and its repetition. The token travels in a hidden field. Passwords never
// come back from the server: after a refusal the fields are empty without JavaScript, kept with it.

export interface ResetProblems {
  errors: Partial<Record<ResetField, string>>;
  failure: FailureMessage | null;
}

export function ResetPasswordForm({ token, owner, problems }: { token: string; owner: { username: string; email: string }; problems: ResetProblems | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  useEffect(() => {
    const first = resetFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`reset-${first}`)?.focus();
  }, [problems]);
  return (
    <section className="w-full max-w-md" data-testid="reset-password">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('reset.title')}</h1>
      <p className="mt-2 mb-6 text-sm text-zinc-700">{t('reset.intro', { username: owner.username })}</p>
      <FormFailure failure={problems?.failure ?? null} testId="reset-failure" />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={token} />
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={owner.username} readOnly hidden />
        <NewPasswordFields idPrefix="reset" owner={owner} errors={problems?.errors ?? {}} required autoFocus />
        <SubmitButton busy={saving} busyLabel={t('reset.saving')} label={t('reset.submit')} testId="reset-submit" className="w-full" />
      </Form>
      <BackToSignIn />
    </section>
  );
}

/** An unknown, used or expired link (one answer for all three), or too many wrong ones: what to do instead. */
export function ResetLinkInvalid({ failure }: { failure: FailureMessage | null }) {
  const { t } = useTranslation();
  return (
    <section className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="reset-invalid">
      <WarningIcon className="mx-auto size-10 text-warning" />
      <h1 className="mt-3 text-2xl font-semibold text-zinc-900">{t('reset.invalid.title')}</h1>
      <p role="alert" className="mt-3 text-zinc-800">
        {failure ? t(failure.messageKey, failure.params) : t('password_reset.token_invalid')}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Link to="/forgot-password" className={buttonClasses('primary')} data-testid="reset-request-new">
          {t('reset.invalid.request_new')}
        </Link>
        <Link to="/auth" className={buttonClasses('secondary')}>
          {t('forgot_password.back')}
        </Link>
      </div>
    </section>
  );
}
