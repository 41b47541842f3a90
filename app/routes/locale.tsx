import { redirect } from 'react-router';
import { isLocale } from '../../core/locale';
import { safeRedirectPath } from '../../core/safe-redirect';
import type { Route } from './+types/locale';
import { appLoadContext } from '../app-context';
import { readForm } from '../lib/read-form.server';
import { localeCookie } from '../lib/session-cookies.server';

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const locale = form.get('locale');
  const target = safeRedirectPath(form.get('redirectTo'));
  if (!isLocale(locale)) return redirect(target);
  return redirect(target, { headers: { 'Set-Cookie': localeCookie(locale, app.publicConfig.publicUrl) } });
}

export function loader() {
  return redirect('/');
}
