import { createHmac } from 'node:crypto';

// A Meilisearch tenant token: a JWT signed (HS256) with an API key, naming that key's uid, whose
// search rules the engine adds to every search made with it. It allows searching only; the key that
// signed it never leaves the shop.

export interface TenantTokenClaims {
  apiKeyUid: string;
  /** Index uid → the filter the engine applies to every search of that index. */
  searchRules: Record<string, { filter: string }>;
  expiresAt: Date;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signTenantToken(apiKey: string, { apiKeyUid, searchRules, expiresAt }: TenantTokenClaims): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ apiKeyUid, searchRules, exp: Math.floor(expiresAt.getTime() / 1000) }));
  const signature = base64url(createHmac('sha256', apiKey).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}
