import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalText, keyRows, sheetKeysVersion, verifiedKeys, type SheetKeys } from './sheet-keys.ts';

const keys: SheetKeys = {
  version: sheetKeysVersion,
  tenant: '1',
  company: '42',
  user: '7',
  madeAt: '2026-11-26T09:30:00.000Z',
  type: 'order',
  scope: 'category',
  category: '12',
  currency: 'EUR',
  priceColumn: 'F',
};
const signingKey = randomBytes(32);
const asRead = (rows: [string, string][]) => Object.fromEntries(rows);

describe('the keys of a personalised order sheet', () => {
  it('are one name=value line each, in a fixed order, and the signature comes last', () => {
    expect(canonicalText(keys)).toBe('version=1\ntenant=1\ncompany=42\nuser=7\nmadeAt=2026-11-26T09:30:00.000Z\ntype=order\nscope=category\ncategory=12\ncurrency=EUR\npriceColumn=F');
    const rows = keyRows(keys, signingKey);
    expect(rows.map(([name]) => name)).toEqual([...Object.keys(keys), 'signature']);
    expect(rows.at(-1)![1]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verify when read back as written with the same key', () => {
    expect(verifiedKeys(asRead(keyRows(keys, signingKey)), signingKey)).toEqual(keys);
  });

  it('do not verify with another tenant’s key, a changed value, a changed or missing signature, or another version', () => {
    const read = asRead(keyRows(keys, signingKey));
    expect(verifiedKeys(read, randomBytes(32))).toBeUndefined();
    expect(verifiedKeys({ ...read, company: '43' }, signingKey)).toBeUndefined();
    expect(verifiedKeys({ ...read, signature: read.signature!.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, signingKey)).toBeUndefined();
    expect(verifiedKeys({ ...read, signature: 'not hex' }, signingKey)).toBeUndefined();
    const { signature: _gone, ...unsigned } = read;
    expect(verifiedKeys(unsigned, signingKey)).toBeUndefined();
    const { user: _user, ...incomplete } = read;
    expect(verifiedKeys(incomplete, signingKey)).toBeUndefined();
    const other = asRead(keyRows({ ...keys, version: '2' }, signingKey));
    expect(verifiedKeys(other, signingKey)).toBeUndefined();
  });
});
