import { data } from 'react-router';
import type { Route } from './+types/forgot-password';
import { appLoadContext } from '../app-context';
import { ForgotPasswordForm, ResetMailSent } from '../features/password-reset/forgot-password-form';
import { sendResetMailFromForm } from '../features/password-reset/password-reset.server';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /forgot-password (docs/product.md, Signup): the unauthorized layout's page where a user asks for
// a reset link by e-mail address, linked from the login form. Signed-in users are sent home, like from
// /auth (they change their password on /my-account). The form posts to this action, which goes through the
// service of POST /api/user/sendResetPasswordEmail (same answers, same time floor and throttle); it works
// without JavaScript. A sent link replaces the form with where it went.

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const result = await sendResetMailFromForm(app, form);
  if (result.ok) return { sent: result.email, problems: null };
  const { email, emailError, failure } = result;
  return data({ sent: null, problems: { email, emailError, failure } }, { status: result.status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'forgot_password');
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) return <ResetMailSent email={actionData.sent} />;
  return <ForgotPasswordForm problems={actionData?.problems ?? null} />;
}
