import type { Locale } from '../../../core/locale';
import { fieldProblems, passwordChangeInputSchema, profileInputSchema, requireAccess } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formTexts, onlyFields, refusalOf, type FormRefusal } from '../../lib/form-values.server';
import { sessionCookies } from '../../lib/session-cookies.server';
import { passwordFields, profileFields, type PasswordField, type ProfileField } from './account-fields';

// The two forms of /my-account: the profile (intent=profile) and the password (intent=password). Each
// goes through the same service, with the same validation, as its API call (POST /api/user/currentUser,
// POST /api/user/changeCurrentUserPassword); every refusal comes back as message keys per field, so
// the page shows each next to its field.

export type ProfileValues = Record<ProfileField, string>;

export type ProfileResult = { ok: true; locale: Locale | undefined } | (FormRefusal<ProfileField> & { values: ProfileValues });

export async function saveProfileFromForm(app: AppLoadContext, form: FormData): Promise<ProfileResult> {
  const values: ProfileValues = formTexts(form, profileFields);
  // The stock-mail choice is on the form only where the shop has notifications: left out, it stays as it is.
  const parsed = profileInputSchema.safeParse({ ...values, stockMail: values.stockMail || undefined });
  if (!parsed.success) return { ok: false, status: 400, errors: onlyFields(fieldProblems(parsed.error, values), profileFields), failure: null, values };
  try {
    await app.services.users.updateProfile(app.ctx, app.authToken ?? '', parsed.data);
    return { ok: true, locale: parsed.data.locale };
  } catch (error) {
    return { ...refusalOf(error, profileFields), values };
  }
}

export type PasswordResult = { ok: true; cookies: string[] } | FormRefusal<PasswordField>;

/** Changes the password; on success answers the Set-Cookie headers of the new session (the old one has ended). */
export async function changePasswordFromForm(app: AppLoadContext, form: FormData): Promise<PasswordResult> {
  const values = formTexts(form, passwordFields);
  const parsed = passwordChangeInputSchema.safeParse(values);
  const errors: Partial<Record<PasswordField, string>> = parsed.success ? {} : onlyFields(fieldProblems(parsed.error, values), passwordFields);
  // The repetition guards against a typing error nobody could see: the page's own check, not the API's.
  if (values.newPasswordRepeat !== values.newPassword) errors.newPasswordRepeat = 'password.repeat.mismatch';
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, status: 400, errors, failure: null };
  try {
    const { identity } = requireAccess(app.ctx, 'accountUser');
    const session = await app.services.auth.changePassword({ tenant: app.ctx.tenant, userId: identity.userId, ip: app.clientIp, ...parsed.data });
    return { ok: true, cookies: sessionCookies(session, app.services.auth.sessionTtlSeconds, app.publicConfig.publicUrl) };
  } catch (error) {
    return refusalOf(error, passwordFields);
  }
}
