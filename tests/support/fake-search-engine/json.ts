import { EngineError } from './errors.ts';

// Reading JSON request bodies as Meilisearch reads them: type guards, and field checks that answer as it does.

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A body field checked as Meilisearch checks it: absent or null gives the default, a wrong type a 400. */
export function field<T>(body: Record<string, unknown>, name: string, fallback: T, valid: (value: unknown) => value is T, code: string, expected: string): T {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (!valid(value)) throw new EngineError(400, code, `Invalid value type at \`.${name}\`: expected ${expected}, but found \`${JSON.stringify(value)}\`.`);
  return value;
}

export function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[]) {
  const unknown = Object.keys(body).find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new EngineError(400, 'bad_request', `Unknown field \`${unknown}\`: the fake search engine knows only ${known.map((name) => `\`${name}\``).join(', ')}.`);
  }
}
