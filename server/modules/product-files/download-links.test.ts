import { describe, expect, it } from 'vitest';
import { apiDownloadPath, readDownloadToken, signDownloadToken, type LinkSession } from './download-links.ts';

// A download link works for the session that got it, until it expires, and names exactly the file it was
// signed for: anything else reads as no link at all.

const session: LinkSession = { tenantId: 1, sessionId: 42, tokenHash: 'a'.repeat(64) };
const now = new Date('2026-11-27T10:00:00.000Z');
const inTenMinutes = new Date(now.getTime() + 600_000);

describe('download links', () => {
  it('name the file for the session that signed them until they expire', () => {
    const token = signDownloadToken(session, 7, inTenMinutes);
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(apiDownloadPath(token)).toBe(`/api/download/${token}`);
    expect(readDownloadToken(session, token, now)).toBe(7);
    expect(readDownloadToken(session, token, new Date(inTenMinutes.getTime() - 1))).toBe(7);
    expect(readDownloadToken(session, token, inTenMinutes)).toBeNull();
  });

  it('are nothing to another session, another session key or another tenant', () => {
    const token = signDownloadToken(session, 7, inTenMinutes);
    expect(readDownloadToken({ ...session, sessionId: 43 }, token, now)).toBeNull();
    expect(readDownloadToken({ ...session, tokenHash: 'b'.repeat(64) }, token, now)).toBeNull();
    expect(readDownloadToken({ ...session, tenantId: 2 }, token, now)).toBeNull();
  });

  it('are nothing once a byte of them changed: the file, the expiry or the signature', () => {
    const bytes = Buffer.from(signDownloadToken(session, 7, inTenMinutes), 'base64url');
    for (const offset of [3, 7, 20]) {
      const changed = Buffer.from(bytes);
      changed[offset] = changed[offset]! ^ 1;
      expect(readDownloadToken(session, changed.toString('base64url'), now), `byte ${offset}`).toBeNull();
    }
  });

  it('read anything that is no token as none', () => {
    const token = signDownloadToken(session, 7, inTenMinutes);
    // base64url's unused last bits set: the same bytes, spelt another way.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(token.at(-1)!) ^ 1]}`;
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(token, 'base64url'));
    for (const value of [respelt, '', 'x', '../../etc/passwd', `${token}A`, token.slice(1), 'A'.repeat(54), 'A'.repeat(100_000), undefined, 7, null, [token]]) {
      expect(readDownloadToken(session, value, now), String(value).slice(0, 60)).toBeNull();
    }
  });
});
