import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseRecordId } from '../../../core/record-id.ts';

// The signed links of downloadable products' files (ADR 0030): `/api/download/{token}` (the account pages'
// `/my-account/downloads/{token}` for the browser), the token being the file's id, the link's expiry and an HMAC-SHA256 over tenant, file, expiry and session, keyed with the
// session's stored token hash, in base64url. Only the session that got a link can use it (another one's key
// differs), nothing needs configuring, and any instance of the shop checks it with the database alone. A
// link names no more than a file id; whether the company may still download it is checked when it is used.

/** Where a link's token is used: the API's route; the account pages' own for the browser, which sends the cookie, not the API's header. */
export type DownloadLinkPath = (token: string) => string;

export const apiDownloadPath: DownloadLinkPath = (token) => `/api/download/${token}`;

/** What a link is signed for. */
export interface LinkSession {
  tenantId: number;
  sessionId: number;
  /** sessions.token_hash: the key, known to the shop and derived from the cookie, never sent. */
  tokenHash: string;
}

// file id (4 bytes), expiry in seconds since 1970 (4 bytes), MAC (32 bytes): 40 bytes, 54 base64url characters.
const tokenBytes = 40;
const macOffset = 8;
const tokenText = z.string().regex(/^[A-Za-z0-9_-]{54}$/);

function macOf(session: LinkSession, fileId: number, expiresAtSeconds: number): Buffer {
  return createHmac('sha256', session.tokenHash).update(`${session.tenantId}:${fileId}:${expiresAtSeconds}:${session.sessionId}`).digest();
}

/** A link's token for the file, valid for this session until `expiresAt` (whole seconds). */
export function signDownloadToken(session: LinkSession, fileId: number, expiresAt: Date): string {
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  const token = Buffer.alloc(tokenBytes);
  token.writeUInt32BE(fileId, 0);
  token.writeUInt32BE(expiresAtSeconds, 4);
  macOf(session, fileId, expiresAtSeconds).copy(token, macOffset);
  return token.toString('base64url');
}

/** The file a token names when this session signed it and it has not expired; null for anything else. */
export function readDownloadToken(session: LinkSession, token: unknown, now: Date): number | null {
  const parsed = tokenText.safeParse(token);
  if (!parsed.success) return null;
  const bytes = Buffer.from(parsed.data, 'base64url');
  // One spelling per token: base64url's unused last bits must be zero, as signDownloadToken writes them.
  if (bytes.length !== tokenBytes || bytes.toString('base64url') !== parsed.data) return null;
  const fileId = parseRecordId(bytes.readUInt32BE(0));
  const expiresAtSeconds = bytes.readUInt32BE(4);
  if (fileId === null || !timingSafeEqual(bytes.subarray(macOffset), macOf(session, fileId, expiresAtSeconds))) return null;
  return expiresAtSeconds * 1000 > now.getTime() ? fileId : null;
}
