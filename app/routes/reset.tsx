import { data, redirect } from 'react-router';
import type { Route } from './+types/reset';
import { appLoadContext } from '../app-context';
import { loadResetLink, resetPasswordFromForm } from '../features/password-reset/password-reset.server';
import { ResetLinkInvalid, ResetPasswordForm } from '../features/password-reset/reset-password-form';
import { readForm } from '../lib/read-form.server';
import { clearAllCookies } from '../lib/session-cookies.server';
import { pageTitle } from '../lib/page-title';

// /reset?token=… (docs/product.md, Signup and Company users): the page of the reset and invitation mails'
// single-use link. It opens for everyone, signed in or not (core/route-guards.ts): a link must work in
// whatever browser it is clicked. The loader looks at the token without spending it (a wrong one counts
// as a guess) and shows the form for its account, or one message for an unknown, used or expired link
// with the way to a new one. The post goes through the service of POST /api/user/resetPassword; on
// success every session of the account has ended, this browser is signed out too (whoever was signed in
// here), and the login page says the password is set.

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadResetLink(context.get(appLoadContext), url.searchParams.get('token') ?? '');
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const result = await resetPasswordFromForm(app, form);
  if (result.ok) {
    if (app.authToken) await app.services.auth.logout(app.ctx.tenant, app.authToken);
    const headers = new Headers();
    // Only the session's cookies: the language stays as chosen.
    for (const cookie of clearAllCookies(null, app.publicConfig.publicUrl)) headers.append('Set-Cookie', cookie);
    return redirect('/auth?password=set', { headers });
  }
  const { invalidToken, errors, failure } = result;
  return data({ invalidToken, problems: { errors, failure } }, { status: result.status });
}

// The token is in the address: no other site learns it from a link followed here, and no cache keeps the page.
export function headers() {
  return { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'set_password');
}

export default function ResetPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === 'throttled') return <ResetLinkInvalid failure={loaderData.failure} />;
  if (loaderData.state === 'invalid' || actionData?.invalidToken) return <ResetLinkInvalid failure={null} />;
  return <ResetPasswordForm token={loaderData.token} owner={loaderData.owner} problems={actionData?.problems ?? null} />;
}
