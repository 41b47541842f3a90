import { fillPath } from './routes.ts';
import type { AttackTarget, BaseInput, Body } from './samples.ts';
import type { SentRequest } from './shop.ts';

// The generators of malformed input. Each class bends a route's plain request (samples.ts) one way;
// every value of a class is used, spread round-robin over the route's parameters, query keys and body
// fields, so the total stays at a few thousand requests while every value and every field is hit.

export const mutationClasses = [
  'wrong-types',
  'numbers',
  'long-strings',
  'control-chars',
  'bad-encoding',
  'redirect-targets',
  'duplicate-keys',
  'pollution',
  'deep-json',
  'oversized',
  'content-types',
  'methods',
  'headers',
] as const;
export type MutationClass = (typeof mutationClasses)[number];

export interface Mutation {
  cls: MutationClass;
  label: string;
  request: SentRequest;
  /** The class's first value in one field: always sent, whatever the sample size. */
  priority?: boolean;
  /** The mutation sets Authorization/Cookie itself: the runner must not add the role's. */
  ownAuth?: boolean;
}

const huge = 'a'.repeat(100_000);

type ValueClass = 'wrong-types' | 'numbers' | 'long-strings' | 'control-chars' | 'bad-encoding' | 'redirect-targets';

/** Values for query strings, form fields and path parameters, already percent-encoded (or deliberately not). The first of each class goes into every field. */
export const encodedValues: Record<ValueClass, string[]> = {
  'wrong-types': ['', 'abc', 'true', 'null', 'undefined', '%5B%5D', '%7B%7D', '1.5', '%5B1%2C2%5D', '%7B%22a%22%3A1%7D'],
  // Past the databases' integer (2147483648), 2^53, an exponent and a leading zero: no record id, no page.
  numbers: ['1e308', '-1', '9007199254740993', 'NaN', 'Infinity', '-0', '0', '0x10', '99999999999999999999999999', '1e-308', '%201', '2147483648', '9007199254740992', '1e3', '007'],
  'long-strings': [huge, encodeURIComponent('ä'.repeat(20_000)), `${'1'.repeat(5_000)}`],
  'control-chars': ['%00', 'a%00b', '%01%02%03', '%0D%0ASet-Cookie%3A%20x%3D1', '%1B%5B31m', '%7F', '%E2%80%AE', '%09', '%EF%BB%BF', '%C2%A0'],
  'bad-encoding': ['%ZZ', '%', 'a%', '%C3%28', '%FF', '%E0%80%80', '%ED%A0%80', '%F4%90%80%80', '%uD800', '%%30%30', '%C0%AF'],
  // Targets a browser reads as another site although some start with one slash.
  'redirect-targets': ['%2F%5Cevil.example', '%2F%2Fevil.example', '%2F%09%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F.%2F%2Fevil.example', 'javascript%3Aalert(1)', '%5C%5Cevil.example', '%2F%0D%0A%2Fevil.example', '%20%2F%2Fevil.example', '%2F%E3%80%82evil.example'],
};

/** The same ideas as JSON values. */
const jsonValues: Record<Exclude<ValueClass, 'bad-encoding'>, unknown[]> = {
  'wrong-types': [1, 'x', true, null, [], {}, [1, 2], { a: 1 }, -1.5, ''],
  numbers: [1e308, -1, 2 ** 53 + 1, -0.5, 1.5, 0, -1e308, 'NaN', '1e308', '-1', 1e-308, 2_147_483_648, 2 ** 53, '2147483648', '1e3', '007'],
  'long-strings': [huge, 'ä'.repeat(50_000), Array.from({ length: 5_000 }, () => 1)],
  'control-chars': ['\u0000', 'a\u0000b', '\r\nSet-Cookie: x=1', '\u001b[31m', '\u202e', '\ud800', '\t', '\ufeff', '\u0000'.repeat(100)],
  'redirect-targets': ['/\\evil.example', '//evil.example', '/\t/evil.example', 'https://evil.example', 'javascript:alert(1)'],
};

/** Keys attacked when the route's plain request has none: the names routes commonly read. */
const fallbackKeys = ['page', 'sku', 'id'];

function encodePairs(pairs: readonly [string, string][]): [string, string][] {
  return pairs.map(([key, value]) => [encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']'), encodeURIComponent(value)]);
}

function queryOf(pairs: readonly [string, string][]): string {
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

function encodedParams(base: BaseInput): Record<string, string> {
  return Object.fromEntries(Object.entries(base.params).map(([name, value]) => [name, name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)]));
}

function urlOf(target: AttackTarget, params: Record<string, string>, pairs: readonly [string, string][]): string {
  const path = fillPath(target.pattern, params);
  return pairs.length ? `${path}?${queryOf(pairs)}` : path;
}

function bodyRequest(body: Body | undefined): Pick<SentRequest, 'body' | 'headers'> {
  if (!body) return {};
  if (body.kind === 'json') return { body: JSON.stringify(body.value), headers: { 'content-type': 'application/json' } };
  return { body: queryOf(encodePairs(body.value)), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

function plainRequest(target: AttackTarget): SentRequest {
  const body = bodyRequest(target.base.body);
  return { method: target.method, url: urlOf(target, encodedParams(target.base), encodePairs(target.base.query)), ...body };
}

/** Replaces one query pair's value (or adds the key) with an already-encoded value. */
function withQueryValue(target: AttackTarget, key: string, encodedValue: string): SentRequest {
  const pairs = encodePairs(target.base.query);
  const index = pairs.findIndex(([k]) => k === key);
  if (index >= 0) pairs[index] = [key, encodedValue];
  else pairs.push([key, encodedValue]);
  return { ...plainRequest(target), url: urlOf(target, encodedParams(target.base), pairs) };
}

function withParamValue(target: AttackTarget, name: string, encodedValue: string): SentRequest {
  return { ...plainRequest(target), url: urlOf(target, { ...encodedParams(target.base), [name]: encodedValue }, encodePairs(target.base.query)) };
}

function withRawBody(target: AttackTarget, body: string | Buffer, contentType: string | null): SentRequest {
  const plain = plainRequest(target);
  const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
  return { method: plain.method, url: plain.url, headers, body };
}

type Path = (string | number)[];

/** Every leaf (and every object or array) of a JSON value, with its path. */
function jsonPaths(value: unknown, path: Path = []): Path[] {
  const own = path.length ? [path] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => jsonPaths(item, [...path, index]))];
  if (typeof value === 'object' && value !== null) return [...own, ...Object.entries(value).flatMap(([key, item]) => jsonPaths(item, [...path, key]))];
  return own;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? setAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: setAt(record[head as string], rest, replacement) };
}

/** Spreads values over slots round-robin: every value used once, every slot hit when values ≥ slots. */
function spread<S, V>(slots: readonly S[], values: readonly V[]): [S, V][] {
  if (slots.length === 0) return [];
  const count = Math.max(values.length, slots.length);
  return Array.from({ length: count }, (_, i) => [slots[i % slots.length]!, values[i % values.length]!]);
}

/**
 * The first value into every slot (marked priority), then the other values spread over the slots.
 * `first(slot)` may give a slot its own first value (a NUL inside the field's plain value, say).
 */
function spreadWithFirst<S, V>(slots: readonly S[], values: readonly V[], first: (slot: S) => V | undefined = () => undefined): [S, V, boolean][] {
  const [head, ...rest] = values;
  if (head === undefined) return [];
  return [...slots.map((slot): [S, V, boolean] => [slot, first(slot) ?? head, true]), ...spread(slots, rest).map(([slot, value]): [S, V, boolean] => [slot, value, false])];
}

/**
 * Control characters and bad encodings do most harm inside a value that is otherwise valid (a NUL in
 * the middle of a search word got past the length check and broke the search): the first value of
 * those classes is the field's plain value with the character put in the middle.
 */
function embedded(cls: ValueClass, plain: string | undefined): string | undefined {
  if (!plain || (cls !== 'control-chars' && cls !== 'bad-encoding')) return undefined;
  const middle = Math.ceil(plain.length / 2);
  return `${encodeURIComponent(plain.slice(0, middle))}${cls === 'control-chars' ? '%00' : '%ZZ'}${encodeURIComponent(plain.slice(middle))}`;
}

function describePath(path: Path): string {
  return path.length ? path.join('.') : '(root)';
}

/** The query keys attacked: the plain request's, or common names when it has none. */
function queryKeys(target: AttackTarget): string[] {
  const keys = encodePairs(target.base.query).map(([key]) => key);
  return keys.length ? [...new Set(keys)] : fallbackKeys;
}

function paramNames(target: AttackTarget): string[] {
  return Object.keys(target.base.params);
}

function hasBody(target: AttackTarget): boolean {
  return target.base.body !== undefined;
}

/** Value classes: the values go into path parameters, query values and body fields. */
function valueClass(target: AttackTarget, cls: ValueClass): Mutation[] {
  const mutations: Mutation[] = [];
  const values = encodedValues[cls];
  for (const [name, value, priority] of spreadWithFirst(paramNames(target), values, (name) => embedded(cls, target.base.params[name]))) {
    mutations.push({ cls, label: `param ${name}`, request: withParamValue(target, name, value), priority });
  }
  const plainQuery = new Map(encodePairs(target.base.query).map(([key], i) => [key, target.base.query[i]![1]]));
  for (const [key, value, priority] of spreadWithFirst(queryKeys(target), values, (key) => embedded(cls, plainQuery.get(key)))) {
    mutations.push({ cls, label: `query ${key}`, request: withQueryValue(target, key, value), priority });
  }
  const body = target.base.body;
  if (body?.kind === 'json' && cls !== 'bad-encoding') {
    const paths: Path[] = [[], ...jsonPaths(body.value)];
    const embeddedJson = (path: Path) => {
      const plain = path.reduce<unknown>((value, step) => (value as Record<string | number, unknown> | undefined)?.[step], body.value);
      if (cls !== 'control-chars' || typeof plain !== 'string' || plain === '') return undefined;
      return `${plain.slice(0, Math.ceil(plain.length / 2))}\u0000${plain.slice(Math.ceil(plain.length / 2))}`;
    };
    for (const [path, value, priority] of spreadWithFirst<Path, unknown>(paths, jsonValues[cls], embeddedJson)) {
      mutations.push({ cls, label: `body ${describePath(path)}`, request: withRawBody(target, JSON.stringify(setAt(body.value, path, value)), 'application/json'), priority });
    }
  }
  if (body?.kind === 'json' && cls === 'bad-encoding') {
    // Broken UTF-8 inside a JSON string, and a lone surrogate escape.
    const text = JSON.stringify(body.value);
    for (const bytes of [Buffer.from([0xc3, 0x28]), Buffer.from([0xff, 0xfe]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const at = text.indexOf('"', 1) + 1 || 1;
      mutations.push({ cls, label: 'body invalid UTF-8', request: withRawBody(target, Buffer.concat([Buffer.from(text.slice(0, at)), bytes, Buffer.from(text.slice(at))]), 'application/json') });
    }
  }
  if (body?.kind === 'form') {
    const keys = body.value.length ? body.value.map(([key]) => key) : fallbackKeys;
    const plainForm = new Map(body.value);
    for (const [key, value, priority] of spreadWithFirst(keys, values, (key) => embedded(cls, plainForm.get(key)))) {
      const pairs = encodePairs(body.value);
      const index = pairs.findIndex(([k]) => k === key);
      if (index >= 0) pairs[index] = [key, value];
      else pairs.push([key, value]);
      mutations.push({ cls, label: `form ${key}`, request: withRawBody(target, queryOf(pairs), 'application/x-www-form-urlencoded'), priority });
    }
  }
  return mutations;
}

function duplicateKeys(target: AttackTarget): Mutation[] {
  const cls = 'duplicate-keys';
  const mutations: Mutation[] = [];
  const variants = (key: string) => [
    `${key}=1&${key}=2`,
    `${key}[]=1`,
    `${key}[]=1&${key}[]=2`,
    `${key}[0]=1`,
    `${key}[a]=1`,
    `${key}=1&${key}[]=2`,
    `${key}`,
    `${key}[=1`,
  ];
  const plain = plainRequest(target);
  const base = encodePairs(target.base.query);
  for (const [key, index] of spread(queryKeys(target), [0, 1, 2, 3, 4, 5, 6, 7])) {
    const rest = base.filter(([k]) => k !== key);
    const query = [queryOf(rest), variants(key)[index]].filter(Boolean).join('&');
    mutations.push({ cls, label: `query ${key}`, request: { ...plain, url: `${fillPath(target.pattern, encodedParams(target.base))}?${query}` } });
  }
  // Keys the body repeats: JSON keeps the last one, forms keep all.
  const body = target.base.body;
  if (body?.kind === 'json' && typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)) {
    const text = JSON.stringify(body.value);
    const firstKey = Object.keys(body.value)[0];
    if (firstKey) mutations.push({ cls, label: 'body repeated key', request: withRawBody(target, `{${JSON.stringify(firstKey)}:1,${text.slice(1)}`, 'application/json') });
  }
  if (body?.kind === 'form') {
    const pairs = encodePairs(body.value);
    for (const [key] of pairs.length ? pairs : [['intent', '']]) {
      mutations.push({ cls, label: `form ${key}`, request: withRawBody(target, `${queryOf(pairs)}&${key}=again&${key}[]=x`, 'application/x-www-form-urlencoded') });
    }
  }
  return mutations;
}

const pollutionQueries = [
  '__proto__[polluted]=yes',
  '__proto__.polluted=yes',
  'constructor[prototype][polluted]=yes',
  'constructor.prototype.polluted=yes',
  '__proto__=yes',
  'toString=yes&valueOf=yes&hasOwnProperty=yes',
  'attr[__proto__]=yes',
];

function pollution(target: AttackTarget): Mutation[] {
  const cls = 'pollution';
  const plain = plainRequest(target);
  const base = queryOf(encodePairs(target.base.query));
  const mutations: Mutation[] = pollutionQueries.map((query) => ({
    cls,
    label: 'query',
    request: { ...plain, url: `${fillPath(target.pattern, encodedParams(target.base))}?${[base, query].filter(Boolean).join('&')}` },
  }));
  const body = target.base.body;
  if (body?.kind === 'json') {
    const inner = JSON.stringify(body.value);
    const objectBody = typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value);
    const merge = (extra: string) => (objectBody && inner !== '{}' ? `{${extra},${inner.slice(1)}` : `{${extra}}`);
    const texts = [
      merge('"__proto__":{"polluted":"yes","isAdmin":true}'),
      merge('"constructor":{"prototype":{"polluted":"yes"}}'),
      merge('"__proto__":[]'),
      merge('"hasOwnProperty":1,"toString":"x","valueOf":null'),
    ];
    // The same inside every nested object (basket lines, wishlist items, statistics data).
    texts.push(inner.replace(/\{(?=")/g, '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"hostile":"yes"}},'));
    for (const text of texts) mutations.push({ cls, label: 'body', request: withRawBody(target, text, 'application/json') });
  }
  if (body?.kind === 'form') {
    const form = queryOf(encodePairs(body.value));
    for (const query of pollutionQueries) mutations.push({ cls, label: 'form', request: withRawBody(target, [form, query].filter(Boolean).join('&'), 'application/x-www-form-urlencoded') });
  }
  return mutations;
}

function deepJson(target: AttackTarget): Mutation[] {
  const cls = 'deep-json';
  const depth = 10_000;
  const deepArray = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const plain = plainRequest(target);
  const deepQuery = `a${'[a]'.repeat(1_000)}=1`;
  const mutations: Mutation[] = [{ cls, label: 'query nesting', request: { ...plain, url: `${plain.url}${plain.url.includes('?') ? '&' : '?'}${deepQuery}` } }];
  if (!hasBody(target)) return mutations;
  mutations.push({ cls, label: 'array nesting 10k', request: withRawBody(target, deepArray, 'application/json') });
  mutations.push({ cls, label: 'object nesting 10k', request: withRawBody(target, deepObject, 'application/json') });
  const body = target.base.body;
  if (body?.kind === 'json') {
    for (const path of jsonPaths(body.value).slice(0, 3)) {
      const marker = '"__deep__"';
      const text = JSON.stringify(setAt(body.value, path, '__deep__')).replace(marker, deepObject);
      mutations.push({ cls, label: `body ${describePath(path)} nesting 10k`, request: withRawBody(target, text, 'application/json') });
    }
  }
  return mutations;
}

function oversized(target: AttackTarget): Mutation[] {
  const cls = 'oversized';
  const plain = plainRequest(target);
  const mutations: Mutation[] = [
    { cls, label: 'query 200k', request: { ...plain, url: `${plain.url}${plain.url.includes('?') ? '&' : '?'}pad=${'x'.repeat(200_000)}` } },
    { cls, label: '5k query keys', request: { ...plain, url: `${plain.url}${plain.url.includes('?') ? '&' : '?'}${Array.from({ length: 5_000 }, (_, i) => `k${i}=1`).join('&')}` } },
  ];
  if (!hasBody(target)) return mutations;
  const megabyte = 1024 * 1024;
  mutations.push({ cls, label: 'JSON 1.2 MB', request: withRawBody(target, JSON.stringify({ pad: 'x'.repeat(megabyte + 200_000) }), 'application/json') });
  mutations.push({ cls, label: 'JSON 1.2 MB array', request: withRawBody(target, JSON.stringify({ items: Array.from({ length: 150_000 }, () => ({ _id: 1 })) }), 'application/json') });
  mutations.push({ cls, label: 'form 1.2 MB', request: withRawBody(target, `pad=${'x'.repeat(megabyte + 200_000)}`, 'application/x-www-form-urlencoded') });
  return mutations;
}

function contentTypes(target: AttackTarget): Mutation[] {
  const cls = 'content-types';
  const plain = plainRequest(target);
  const json = target.base.body?.kind === 'json' ? JSON.stringify(target.base.body.value) : '{"locale":"en","username":"x","password":"y"}';
  const form = target.base.body?.kind === 'form' ? queryOf(encodePairs(target.base.body.value)) : 'a=1&b=2';
  const boundary = '----hostile';
  const cases: [string, string | Buffer, string | null][] = [
    ['text/plain', json, 'text/plain'],
    ['form-urlencoded', form, 'application/x-www-form-urlencoded'],
    ['JSON', json, 'application/json'],
    ['multipart without boundary', form, 'multipart/form-data'],
    ['multipart truncated', `--${boundary}\r\nContent-Disposition: form-data; name="locale"\r\n\r\nen`, `multipart/form-data; boundary=${boundary}`],
    ['multipart garbage', `garbage\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`],
    ['multipart bad header', `--${boundary}\r\nContent-Disposition: form-data; name=\r\n\r\nx\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`],
    ['invalid JSON', '{"items": [', 'application/json'],
    ['empty JSON', '', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['JSON string', '"x"', 'application/json'],
    ['JSON with odd charset', json, 'application/json; charset=utf-7'],
    ['XML', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', 'application/xml'],
    ['garbage content type', json, ';;;/'],
    ['no content type', json, null],
    ['binary', Buffer.from([0, 1, 2, 255, 254, 0]), 'application/octet-stream'],
  ];
  // Routes that read no body (GET) get a few bodies anyway, sent with their own method.
  const selected = hasBody(target) ? cases : cases.filter(([label]) => ['JSON', 'invalid JSON', 'multipart truncated', 'text/plain', 'form-urlencoded'].includes(label));
  return selected.map(([label, body, type]) => ({ cls, label: hasBody(target) ? label : `${label} on ${plain.method}`, request: withRawBody(target, body, type) }));
}

/** Methods never registered for a route (Fastify and React Router answer them differently). */
export const strangeMethods = ['TRACE', 'PROPFIND', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'MKCOL', 'QUERY', 'POST', 'HEAD'];

function methods(target: AttackTarget, registered: readonly string[]): Mutation[] {
  const plain = plainRequest(target);
  return strangeMethods
    .filter((method) => !registered.includes(method) || method === 'HEAD')
    .map((method) => ({ cls: 'methods' as const, label: method, request: { method, url: plain.url, ...(method === 'PUT' || method === 'PATCH' || method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) } }));
}

/** Header values that break one header each; `token` is a live session token of the role, if any. */
function headers(target: AttackTarget, token: string | null): Mutation[] {
  const cls = 'headers';
  const plain = plainRequest(target);
  const withHeaders = (label: string, extra: Record<string, string>, ownAuth = false): Mutation => ({
    cls,
    label,
    ownAuth,
    request: { ...plain, headers: { ...plain.headers, ...extra } },
  });
  const live = token ?? 'A'.repeat(43);
  return [
    withHeaders('Host with space', { host: 'exa mple.com' }),
    withHeaders('Host empty', { host: '' }),
    withHeaders('Host 10k', { host: `${'a'.repeat(10_000)}.example` }),
    withHeaders('Host bad port', { host: 'localhost:99999999' }),
    withHeaders('Host IPv6 open', { host: '[::1' }),
    withHeaders('Host with path', { host: 'evil.example/path?x=1' }),
    withHeaders('Host with userinfo', { host: 'user:pass@evil.example' }),
    withHeaders('Host %00', { host: 'localhost%00.evil' }),
    withHeaders('Authorization Basic', { authorization: 'Basic' }, true),
    withHeaders('Authorization Bearer x', { authorization: 'Bearer x' }, true),
    withHeaders('Authorization 10k', { authorization: `Basic ${'A'.repeat(10_000)}` }, true),
    withHeaders('Authorization lower case', { authorization: `basic ${live}` }, true),
    withHeaders('Authorization token + junk', { authorization: `Basic ${live}x%00` }, true),
    withHeaders('Authorization Digest', { authorization: 'Digest username="a", realm="b"' }, true),
    withHeaders('Authorization twice', { authorization: `Basic ${live}, Basic ${live}` }, true),
    withHeaders('Cookie bad encoding', { cookie: 'token=%ZZ; userId=%' }, true),
    withHeaders('Cookie 10k token', { cookie: `token=${'a'.repeat(10_000)}; userId=1` }, true),
    withHeaders('Cookie userId not a number', { cookie: `token=${live}; userId=abc` }, true),
    withHeaders('Cookie userId of another user', { cookie: `token=${live}; userId=1` }, true),
    withHeaders('Cookie unterminated quote', { cookie: 'token="abc; userId="1' }, true),
    withHeaders('Cookie garbage', { cookie: '=; ;;=;=x; __proto__=1; constructor=2' }, true),
    withHeaders('Cookie locale garbage', { cookie: `locale=%00xx; token=${live}` }, true),
    withHeaders('Cookie token twice', { cookie: `token=${live}; token=other; userId=1` }, true),
    withHeaders('Accept-Language bad quality', { 'accept-language': 'de;q=abc, en;q=1e308, *;q=-1' }),
    withHeaders('Accept-Language 10k', { 'accept-language': `${'x-'.repeat(5_000)}de` }),
    withHeaders('Accept-Language garbage', { 'accept-language': ',,,;;;=q=,' }),
    withHeaders('Accept-Encoding bad', { 'accept-encoding': 'br;q=NaN, gzip;q=abc, *;q=2' }),
    withHeaders('Accept garbage', { accept: '*/*;q=abc, text/html;;' }),
    withHeaders('If-None-Match garbage', { 'if-none-match': 'W/"%00", *, "' }),
    withHeaders('X-Forwarded-For garbage', { 'x-forwarded-for': 'not-an-ip, , 999.1.1.1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' }),
    withHeaders('X-Request-Id 10k', { 'x-request-id': 'a'.repeat(10_000) }),
    withHeaders('Range garbage', { range: 'bytes=abc-, 99999999999-1' }),
    withHeaders('Origin other site', { origin: 'https://evil.example', referer: 'https://evil.example/' }),
  ];
}

/** Every mutation of one class for one route. `registered`: the methods the route's path has. */
export function mutationsFor(cls: MutationClass, target: AttackTarget, options: { registered: readonly string[]; token: string | null }): Mutation[] {
  switch (cls) {
    case 'wrong-types':
    case 'numbers':
    case 'long-strings':
    case 'control-chars':
    case 'bad-encoding':
    case 'redirect-targets':
      return valueClass(target, cls);
    case 'duplicate-keys':
      return duplicateKeys(target);
    case 'pollution':
      return pollution(target);
    case 'deep-json':
      return deepJson(target);
    case 'oversized':
      return oversized(target);
    case 'content-types':
      return contentTypes(target);
    case 'methods':
      return methods(target, options.registered);
    case 'headers':
      return headers(target, options.token);
  }
}

/** A stable number for a text (FNV-1a), so a sample is the same on every run. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * At most `cap` of a route's mutations of one class, evenly spaced and shifted by a hash of the route:
 * each route gets a different slice, so across routes every mutation of a class is still sent.
 */
export function sampleMutations(mutations: readonly Mutation[], cap: number, key: string): Mutation[] {
  if (mutations.length <= cap) return [...mutations];
  // The class's first value in every field always goes; the rest fill up to the cap.
  const kept = mutations.filter((mutation) => mutation.priority);
  const rest = mutations.filter((mutation) => !mutation.priority);
  const room = cap - kept.length;
  if (room <= 0 || rest.length === 0) return kept;
  if (rest.length <= room) return [...kept, ...rest];
  const stride = rest.length / room;
  const offset = (hashOf(key) % 1000) / 1000;
  return [...kept, ...Array.from({ length: room }, (_, j) => rest[Math.floor((offset + j) * stride) % rest.length]!)];
}
