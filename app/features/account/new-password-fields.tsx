import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { TextField } from './form-controls';
import type { PasswordOwner } from '../../../core/password-policy';
import { PasswordStrengthHint } from './password-strength-hint';

// The new password, with the policy's live hint for the account it belongs to, and the new password
// again: the password form of /my-account and the form of /reset. The fields are named as the API's
// (newPassword, newPasswordRepeat); their ids start with `idPrefix`.

export function NewPasswordFields({
  idPrefix,
  owner,
  errors,
  required = false,
  autoFocus = false,
}: {
  idPrefix: string;
  owner: PasswordOwner;
  errors: { newPassword?: string | undefined; newPasswordRepeat?: string | undefined };
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [newPassword, setNewPassword] = useState('');
  const newPasswordInput = useRef<HTMLInputElement>(null);
  // Whatever was typed before the page became interactive counts too.
  useEffect(() => setNewPassword(newPasswordInput.current?.value ?? ''), []);
  const hintId = `${idPrefix}-hint`;
  return (
    <>
      <TextField
        id={`${idPrefix}-newPassword`}
        name="newPassword"
        type="password"
        label={t('account.password.new')}
        autoComplete="new-password"
        required={required}
        autoFocus={autoFocus}
        hintId={hintId}
        ref={newPasswordInput}
        error={errors.newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      >
        <PasswordStrengthHint id={hintId} password={newPassword} owner={owner} />
      </TextField>
      <TextField
        id={`${idPrefix}-newPasswordRepeat`}
        name="newPasswordRepeat"
        type="password"
        label={t('account.password.repeat')}
        autoComplete="new-password"
        required={required}
        error={errors.newPasswordRepeat}
      />
    </>
  );
}
