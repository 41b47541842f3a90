import type { AppLoadContext } from '../app-context';
import { isAppError } from '../../server/page-surface.server';
import { sessionCookies } from './session-cookies.server';

export class LoginError extends Error {
  readonly messageKey: string;
  readonly status: number;
  constructor(messageKey: string, status: number) {
    super(messageKey);
    this.messageKey = messageKey;
    this.status = status;
  }
}

/** Signs in through the auth service and returns the Set-Cookie headers of the new session. */
export async function signIn(app: AppLoadContext, credentials: { username: string; password: string }): Promise<Headers> {
  try {
    const session = await app.services.auth.login({ tenant: app.ctx.tenant, ip: app.clientIp, ...credentials });
    const headers = new Headers();
    const maxAge = app.services.auth.sessionTtlSeconds;
    for (const cookie of sessionCookies(session, maxAge, app.publicConfig.publicUrl)) headers.append('Set-Cookie', cookie);
    return headers;
  } catch (error) {
    if (isAppError(error)) throw new LoginError(error.messageKey, error.statusCode);
    throw error;
  }
}
