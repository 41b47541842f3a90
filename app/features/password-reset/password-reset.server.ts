import { fieldProblems, isAppError, resetMailInputSchema, resetPasswordInputSchema } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { failureOf, formText } from '../../lib/form-values.server';
import type { FailureMessage } from '../account/account-fields';
import type { ResetField } from './reset-fields';

// The page side of the password reset (docs/product.md, Signup): /forgot-password and /reset post to their own
// actions, which go through the same service and input rules as POST /api/user/sendResetPasswordEmail and
// /api/user/resetPassword, so the pages work without JavaScript and answer exactly like the API.

export type ResetMailResult =
  | { ok: true; email: string }
  | { ok: false; status: number; email: string; emailError: string | null; failure: FailureMessage | null };

/** The /forgot-password post: a problem with the address next to the field, any other refusal above the form. */
export async function sendResetMailFromForm(app: AppLoadContext, form: FormData): Promise<ResetMailResult> {
  const email = formText(form, 'email');
  const parsed = resetMailInputSchema.safeParse({ email });
  if (!parsed.success) return { ok: false, status: 400, email, emailError: fieldProblems(parsed.error, { email }).email ?? 'validation.invalid', failure: null };
  try {
    await app.services.passwordReset.requestReset({ tenant: app.ctx.tenant, email: parsed.data.email, ip: app.clientIp, locale: app.ctx.locale });
    return { ok: true, email: parsed.data.email };
  } catch (error) {
    if (!isAppError(error) || error.statusCode >= 500) throw error;
    return { ok: false, status: error.statusCode, email, emailError: null, failure: failureOf(error) };
  }
}

/** What /reset shows for the token of its URL. */
export type ResetLinkState =
  | { state: 'valid'; token: string; owner: { username: string; email: string } }
  | { state: 'invalid' }
  | { state: 'throttled'; failure: FailureMessage };

export async function loadResetLink(app: AppLoadContext, token: string): Promise<ResetLinkState> {
  // Nothing that could be a token is not looked up (and not counted as a guess).
  if (token === '' || token.length > 200) return { state: 'invalid' };
  try {
    const owner = await app.services.passwordReset.checkToken({ tenant: app.ctx.tenant, token, ip: app.clientIp });
    return owner ? { state: 'valid', token, owner } : { state: 'invalid' };
  } catch (error) {
    if (isAppError(error) && error.statusCode === 429) return { state: 'throttled', failure: failureOf(error) };
    throw error;
  }
}

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; status: number; invalidToken: boolean; errors: Partial<Record<ResetField, string>>; failure: FailureMessage | null };

/** The /reset post: the new password twice and the token (a hidden field, from the link). */
export async function resetPasswordFromForm(app: AppLoadContext, form: FormData): Promise<ResetPasswordResult> {
  const input = { token: formText(form, 'token'), newPassword: formText(form, 'newPassword') };
  const repeat = formText(form, 'newPasswordRepeat');
  const parsed = resetPasswordInputSchema.safeParse(input);
  if (!parsed.success) {
    const problems = fieldProblems(parsed.error, input);
    if (problems.token) return { ok: false, status: 422, invalidToken: true, errors: {}, failure: null };
    return { ok: false, status: 400, invalidToken: false, errors: { newPassword: problems.newPassword }, failure: null };
  }
  if (repeat !== parsed.data.newPassword) return { ok: false, status: 400, invalidToken: false, errors: { newPasswordRepeat: 'password.repeat.mismatch' }, failure: null };
  try {
    await app.services.passwordReset.resetPassword({ tenant: app.ctx.tenant, ...parsed.data, ip: app.clientIp });
    return { ok: true };
  } catch (error) {
    if (!isAppError(error) || error.statusCode >= 500) throw error;
    if (error.messageKey === 'password_reset.token_invalid') return { ok: false, status: error.statusCode, invalidToken: true, errors: {}, failure: null };
    if (error.field === 'newPassword') return { ok: false, status: error.statusCode, invalidToken: false, errors: { newPassword: error.messageKey }, failure: null };
    return { ok: false, status: error.statusCode, invalidToken: false, errors: {}, failure: failureOf(error) };
  }
}
