import { createHash, randomBytes } from 'node:crypto';

// A session token is 256 random bits; the database keeps only its SHA-256, so a leaked
// database dump contains no usable token.

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts `Basic {token}` (the API contract) and, leniently, `Bearer {token}`. */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(?:Basic|Bearer)\s+([A-Za-z0-9_-]{16,128})$/.exec(header.trim());
  return match?.[1];
}
