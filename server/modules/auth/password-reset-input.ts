import { z } from 'zod';
import { passwordMaxLength } from '../../../core/password-policy.ts';

// What the password reset pages send (POST /api/user/sendResetPasswordEmail and /api/user/resetPassword).
//   email        required, an e-mail address of at most 254 characters ('validation.email_invalid')
//   token        required; any other shape than an issued token's is answered like an unknown token by
//                the service, so its length is only bounded here
//   newPassword  required, at most the policy's length; the policy itself needs the owner (the service)

export const resetMailInputSchema = z.object({
  email: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.too_long')
    .pipe(z.email({ error: 'validation.email_invalid' })),
});

export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.required').max(200, 'validation.too_long'),
  newPassword: z.string({ error: 'validation.invalid' }).min(1, 'validation.required').max(passwordMaxLength, 'validation.too_long'),
});
