import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlainObject, parseJson } from './json.ts';

// Tenant tokens: JWTs signed with the API key, limiting a search to some indexes and adding a filter.

const hmacHashes: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

const decodeJwtPart = (part: string): unknown => parseJson(Buffer.from(part, 'base64url').toString('utf8'));

const uidMatchesRule = (rule: string, indexUid: string) => rule === indexUid || (rule.endsWith('*') && indexUid.startsWith(rule.slice(0, -1)));

/** What credentials allow on a route: for a tenant token, the filter its search rules impose (if any). */
export interface Grant {
  filter?: unknown;
}

/** What a token's search rules grant on an index; undefined when they do not name it. */
function searchRuleGrant(rules: unknown, indexUid: string): Grant | undefined {
  if (Array.isArray(rules)) return rules.some((rule) => typeof rule === 'string' && uidMatchesRule(rule, indexUid)) ? {} : undefined;
  if (!isPlainObject(rules)) return undefined;
  // The most specific rule wins: the index itself, then the longest matching pattern, `*` last.
  const name = Object.keys(rules)
    .filter((rule) => uidMatchesRule(rule, indexUid))
    .sort((a, b) => Number(b === indexUid) - Number(a === indexUid) || b.length - a.length)[0];
  if (name === undefined) return undefined;
  const rule = rules[name];
  if (rule === null) return {};
  return isPlainObject(rule) ? { filter: rule.filter } : undefined;
}

/**
 * What a tenant token grants on a search of the index; undefined when it is not a valid token for it.
 * `key`: the API key that signs tokens and the uid of that key, which a token must name.
 */
export function tenantTokenGrant(token: string, key: { apiKey: string; apiKeyUid: string }, indexUid: string): Grant | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodeJwtPart(encodedHeader);
  const hash = isPlainObject(header) && typeof header.alg === 'string' ? hmacHashes[header.alg] : undefined;
  if (hash === undefined) return undefined;
  const expected = createHmac(hash, key.apiKey).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = decodeJwtPart(encodedPayload);
  if (!isPlainObject(payload) || payload.apiKeyUid !== key.apiKeyUid) return undefined;
  if (payload.exp !== undefined && payload.exp !== null && (typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000)) return undefined;
  return searchRuleGrant(payload.searchRules, indexUid);
}
