import { z } from 'zod';
import { passwordMaxLength } from '../../../core/password-policy.ts';

// What a user sends to change their password (POST /api/user/changeCurrentUserPassword and the password
// form of /my-account): both fields required. The password policy itself needs to know whose password
// it is, so the auth service applies it (core/password-policy.ts).

export const passwordChangeInputSchema = z.object({
  currentPassword: z.string({ error: 'validation.invalid' }).min(1, 'validation.required').max(500, 'validation.too_long'),
  newPassword: z.string({ error: 'validation.invalid' }).min(1, 'validation.required').max(passwordMaxLength, 'validation.too_long'),
});

export type PasswordChangeInput = z.output<typeof passwordChangeInputSchema>;
