import { redirect } from 'react-router';
import { isLocale } from '../../core/locale';
import type { Route } from './+types/locale';
import { appLoadContext } from '../app-context';
import { localeCookie } from '../lib/session-cookies.server';

/** Only paths of this shop are followed, never another site. */
function safeRedirectPath(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export async function action({ request, context }: Route.ActionArgs) {
  const { publicConfig } = context.get(appLoadContext);
  const form = await request.formData();
  const locale = form.get('locale');
  const target = safeRedirectPath(form.get('redirectTo'));
  if (!isLocale(locale)) return redirect(target);
  return redirect(target, { headers: { 'Set-Cookie': localeCookie(locale, publicConfig.publicUrl) } });
}

export function loader() {
  return redirect('/');
}
