import { Link, redirect } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/logout';
import { appLoadContext } from '../app-context';
import { clearAllCookies } from '../lib/session-cookies.server';
import { pageTitle } from '../lib/page-title';

// Signing out revokes the session on the server and clears every cookie, then goes to
// /landing; the login button posts with ?to=auth to land on the login form instead. Only a POST signs
// out: a link or an image on another site could otherwise end anyone's session. A GET shows
// the button.
export async function action({ request, context, url }: Route.ActionArgs) {
  const { services, ctx, authToken, publicConfig } = context.get(appLoadContext);
  if (authToken) await services.auth.logout(ctx.tenant, authToken);
  const target = url.searchParams.get('to') === 'auth' ? '/auth' : '/landing';
  const headers = new Headers();
  for (const cookie of clearAllCookies(request.headers.get('cookie'), publicConfig.publicUrl)) headers.append('Set-Cookie', cookie);
  return redirect(target, { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'logout');
}

export default function LogoutPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 py-16">
      <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold text-zinc-900">{t('logout.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600">{t('logout.question')}</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/" className={buttonClasses('secondary')}>
            {t('logout.cancel')}
          </Link>
          <form method="post" action="/logout">
            <button type="submit" data-testid="logout-confirm" className={buttonClasses('primary', 'md', 'w-full')}>
              {t('logout.confirm')}
            </button>
          </form>
        </div>
      </div>
    </main>
  );
}
