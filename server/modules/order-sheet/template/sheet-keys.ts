import { createHmac, timingSafeEqual } from 'node:crypto';

// The keys of a personalised order sheet (docs/product.md, Order sheets: the personalised sheet; ADR 0026):
// for whom and when the sheet was made, and which column holds the net price it showed, signed with the
// tenant's key (HMAC-SHA256 over the canonical text of the keys) so an upload can tell a sheet this shop made
// for this customer from any other. They stand in a veryHidden sheet, one key and its value per row.

/** The name of the sheet holding the keys; the reader reads no other hidden sheet. */
export const keysSheetName = 'keys';

/** The only version of the keys so far; a sheet of another version is read as a plain sheet. */
export const sheetKeysVersion = '1';

export interface SheetKeys {
  version: string;
  tenant: string;
  /** The company the sheet was made for; '' for a user acting for none. */
  company: string;
  user: string;
  /** When it was made (ISO 8601). */
  madeAt: string;
  type: string;
  scope: string;
  /** The category of a category sheet, else ''. */
  category: string;
  currency: string;
  /** The column (letters, "F") holding the buyer's net price. */
  priceColumn: string;
}

const keyNames = ['version', 'tenant', 'company', 'user', 'madeAt', 'type', 'scope', 'category', 'currency', 'priceColumn'] as const satisfies readonly (keyof SheetKeys)[];

/** One `name=value` line per key in a fixed order: what the signature covers. */
export function canonicalText(keys: SheetKeys): string {
  return keyNames.map((name) => `${name}=${keys[name]}`).join('\n');
}

export function signKeys(keys: SheetKeys, signingKey: Buffer): string {
  return createHmac('sha256', signingKey).update(canonicalText(keys), 'utf8').digest('hex');
}

/** The keys as the sheet holds them, read back: every name once, the signature last. */
export function keyRows(keys: SheetKeys, signingKey: Buffer): [string, string][] {
  return [...keyNames.map((name): [string, string] => [name, keys[name]]), ['signature', signKeys(keys, signingKey)]];
}

/**
 * The keys read from an uploaded sheet when they are complete and signed with this key; undefined for a
 * missing name, another version or a signature that does not match (changed or made elsewhere).
 */
export function verifiedKeys(read: Readonly<Record<string, string>>, signingKey: Buffer): SheetKeys | undefined {
  if (keyNames.some((name) => typeof read[name] !== 'string') || typeof read.signature !== 'string') return undefined;
  const keys = Object.fromEntries(keyNames.map((name) => [name, read[name]!])) as unknown as SheetKeys;
  if (keys.version !== sheetKeysVersion) return undefined;
  const expected = Buffer.from(signKeys(keys, signingKey), 'hex');
  const given = /^[0-9a-f]{64}$/.test(read.signature) ? Buffer.from(read.signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected) ? keys : undefined;
}
