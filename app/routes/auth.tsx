import { useTranslation } from '../lib/i18n';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { guestCredentials } from '../../core/guest-login';
import type { Route } from './+types/auth';
import { appLoadContext } from '../app-context';
import { readForm } from '../lib/read-form.server';
import { LoginError, signIn } from '../lib/sign-in.server';
import { SignupLink } from '../features/signup/signup-links';
import { pageTitle } from '../lib/page-title';

const loginForm = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
});

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'login');
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const isGuest = form.get('intent') === 'guest';
  const parsed = isGuest ? { success: true as const, data: guestCredentials } : loginForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'username');
    return data({ error: 'validation.required', field }, { status: 400 });
  }
  try {
    const headers = await signIn(app, parsed.data);
    return redirect('/', { headers });
  } catch (error) {
    if (error instanceof LoginError) return data({ error: error.messageKey, field: undefined }, { status: error.status });
    throw error;
  }
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = actionData?.error;
  // Back from /reset: the password is set and every session of the account has ended.
  const [searchParams] = useSearchParams();
  const passwordSet = searchParams.get('password') === 'set';
  return (
    <div className="mx-auto w-full max-w-sm">
      <h1 className="mb-6 text-2xl font-semibold text-zinc-900">{t('auth.title')}</h1>
      {passwordSet && !error ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="password-set">
          {t('auth.password_set')}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" aria-describedby={error ? 'login-error' : undefined}>
        <div>
          <label htmlFor="username" className="mb-1 block text-sm font-medium text-zinc-800">
            {t('auth.username')}
          </label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            aria-invalid={actionData?.field === 'username' || undefined}
            className="block h-10 w-full rounded-md border border-zinc-300 px-3 text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand"
          />
        </div>
        <div>
          <label htmlFor="password" className="mb-1 block text-sm font-medium text-zinc-800">
            {t('auth.password')}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={actionData?.field === 'password' || undefined}
            className="block h-10 w-full rounded-md border border-zinc-300 px-3 text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand"
          />
        </div>
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-text underline underline-offset-2" data-testid="forgot-password-link">
            {t('auth.forgot_password')}
          </Link>
        </p>
        {error ? (
          <p id="login-error" role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="login-error">
            {t(error)}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="login"
          disabled={busy}
          className="h-10 w-full rounded-md bg-brand px-4 font-medium text-white hover:opacity-90 disabled:opacity-60"
        >
          {t('auth.submit')}
        </button>
      </Form>
      <div className="my-6 flex items-center gap-3 text-sm text-zinc-600" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="guest"
          disabled={busy}
          className="h-10 w-full rounded-md border border-zinc-300 bg-white px-4 font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-60"
        >
          {t('auth.guest_login')}
        </button>
      </Form>
      <SignupLink className="mt-6 text-center" />
    </div>
  );
}
