import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { appLoadContext } from '../app-context';
import { clearAllCookies } from '../lib/session-cookies.server';

// Logout revokes the session on the server and clears every cookie (spec section 4), then goes to
// /landing; the header's login button uses ?to=auth to land on the login form instead.
async function logout({ request, context, url }: Route.LoaderArgs | Route.ActionArgs) {
  const { services, ctx, authToken, publicConfig } = context.get(appLoadContext);
  if (authToken) await services.auth.logout(ctx.tenant, authToken);
  const target = url.searchParams.get('to') === 'auth' ? '/auth' : '/landing';
  const headers = new Headers();
  for (const cookie of clearAllCookies(request.headers.get('cookie'), publicConfig.publicUrl)) headers.append('Set-Cookie', cookie);
  return redirect(target, { headers });
}

export const loader = logout;
export const action = logout;
