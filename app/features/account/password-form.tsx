import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { SessionAccount } from '../session/account-name';
import { passwordFields, profileIntents, type FailureMessage, type PasswordField } from './account-fields';
import { Card, FormFailure, TextField, SubmitButton } from './form-controls';
import { NewPasswordFields } from './new-password-fields';

// Changing the password (POST /api/user/changeCurrentUserPassword through the page's action): the
// current password, the new one with the policy's live hint, and the new one again. On success the
// action ends every other session, sets the new session's cookies and the page says 'password.updated'.
// Passwords never come back from the server: after a refusal the fields are empty again without
// JavaScript, and keep what was typed with it.

export interface PasswordProblems {
  errors: Partial<Record<PasswordField, string>>;
  failure: FailureMessage | null;
}

export function PasswordForm({ account, problems }: { account: SessionAccount; problems: PasswordProblems | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === profileIntents.password;
  useEffect(() => {
    const first = passwordFields.find((name) => problems?.errors[name]);
    if (first) document.getElementById(`password-${first}`)?.focus();
  }, [problems]);

  return (
    <Card id="password-form-title" title={t('account.password.title')} testId="password-form">
      <FormFailure failure={problems?.failure ?? null} testId="password-failure" />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={profileIntents.password} />
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
        <div className="grid gap-4 sm:max-w-md">
          <TextField
            id="password-currentPassword"
            name="currentPassword"
            type="password"
            label={t('account.password.current')}
            autoComplete="current-password"
            error={problems?.errors.currentPassword}
          />
          <NewPasswordFields idPrefix="password" owner={account} errors={problems?.errors ?? {}} />
        </div>
        <SubmitButton busy={saving} busyLabel={t('account.password.saving')} label={t('account.password.save')} testId="change-password" />
      </Form>
    </Card>
  );
}
