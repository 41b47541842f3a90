import { parseCookie, stringifySetCookie } from 'cookie';
import { localeCookieMaxAgeSeconds, localeCookieName, type Locale } from '../../core/locale';

// Cookies the server render reads: token and userId. httpOnly keeps them away
// from page scripts; SameSite=Lax keeps other sites' forms from riding on them.

function base(publicUrl: string) {
  return { path: '/', sameSite: 'lax' as const, secure: publicUrl.startsWith('https://') };
}

export function sessionCookies(session: { token: string; userId: number }, maxAgeSeconds: number, publicUrl: string): string[] {
  const options = { ...base(publicUrl), httpOnly: true, maxAge: maxAgeSeconds };
  return [
    stringifySetCookie({ name: 'token', value: session.token, ...options }),
    stringifySetCookie({ name: 'userId', value: String(session.userId), ...options }),
  ];
}

// A cookie name a Set-Cookie header can carry (RFC 6265 token); a request may send any bytes.
const cookieName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Expires every cookie the request carried (signing out clears all cookies). */
export function clearAllCookies(cookieHeader: string | null, publicUrl: string): string[] {
  const sent = Object.keys(parseCookie(cookieHeader ?? '')).filter((name) => cookieName.test(name));
  const names = new Set(['token', 'userId', ...sent]);
  return [...names].map((name) => stringifySetCookie({ name, value: '', ...base(publicUrl), maxAge: 0 }));
}

export function localeCookie(locale: Locale, publicUrl: string): string {
  return stringifySetCookie({ name: localeCookieName, value: locale, ...base(publicUrl), maxAge: localeCookieMaxAgeSeconds });
}
