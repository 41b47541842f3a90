import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for Meilisearch (v1.x) in the shop's tests: the few endpoints the shop calls, over real HTTP,
// answering as Meilisearch does (status codes, error objects, tasks), so the shop's client is exercised as
// it would be against the real engine. Writes are applied at once: their tasks have finished by the time
// the shop asks for them. Search follows Meilisearch's rules closely enough for the shop's tests: prefix
// matching, one typo in longer words, ranking, the filter language, tenant tokens, highlighting in
// `_formatted`. A search parameter the fake does not implement is refused rather than ignored, so a test
// cannot pass on behaviour the real engine would not show. Settings are all stored; those that act are
// searchableAttributes (and their order), filterableAttributes, displayedAttributes, typoTolerance
// (enabled, minWordSizeForTypos.oneTypo, disableOnAttributes) and pagination.maxTotalHits.

export interface FakeSearchEngineOptions {
  apiKey: string;
  apiKeyUid?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RecordedRequest {
  method: string;
  /** The request target as sent: path and query string. */
  path: string;
  /** The JSON body, or the raw text when it is not JSON. */
  body?: unknown;
  authorization?: string;
}

export interface FakeSearchEngine {
  url: string;
  apiKey: string;
  apiKeyUid: string;
  /** Every request to the Meilisearch API (not the `/_fake/` control endpoints, not CORS preflights), newest last. */
  requests: RecordedRequest[];
  /** The documents of an index in insertion order; none for a missing index. */
  documents(indexUid: string): Record<string, unknown>[];
  indexUids(): string[];
  /** An unhealthy engine answers `GET /health` with 503; everything else keeps working. */
  setHealthy(ok: boolean): void;
  /** A failing engine answers every search with 500. */
  setSearchFailing(fail: boolean): void;
  /** Forgets the recorded requests and turns the failure switches off; the indexes stay. */
  reset(): void;
  close(): Promise<void>;
}

type Document = Record<string, unknown>;

interface IndexState {
  primaryKey: string | null;
  /** Keyed by the document id as a string, as Meilisearch compares ids; a replaced document keeps its place. */
  documents: Map<string, Document>;
  /** Only the settings that were changed; defaultSettings() supplies the rest. */
  settings: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

type TaskType = 'indexCreation' | 'indexDeletion' | 'settingsUpdate' | 'documentAdditionOrUpdate' | 'documentDeletion' | 'indexSwap';

interface ErrorBody {
  message: string;
  code: string;
  type: string;
  link: string;
}

interface Task {
  uid: number;
  indexUid: string | null;
  status: 'succeeded' | 'failed';
  type: TaskType;
  error: ErrorBody | null;
  enqueuedAt: string;
  startedAt: string;
  finishedAt: string;
}

interface EngineState {
  apiKey: string;
  apiKeyUid: string;
  startedAt: string;
  indexes: Map<string, IndexState>;
  tasks: Task[];
  requests: RecordedRequest[];
  healthy: boolean;
  searchFailing: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A UUID-shaped uid, as Meilisearch gives its keys. */
const defaultApiKeyUid = '8c4f1d2e-6b3a-4e7f-9d05-2a1b3c4d5e6f';

// ---------------------------------------------------------------------------------------------------
// Errors, in Meilisearch's format. Thrown by handlers; a task records them instead of answering with them.

class EngineError extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: string;

  constructor(status: number, code: string, message: string, type = 'invalid_request') {
    super(message);
    this.status = status;
    this.code = code;
    this.type = type;
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, type: this.type, link: `https://docs.meilisearch.com/errors#${this.code}` };
  }
}

const indexNotFound = (uid: string) => new EngineError(404, 'index_not_found', `Index \`${uid}\` not found.`);
const invalidFilter = (message: string) => new EngineError(400, 'invalid_search_filter', message);

// ---------------------------------------------------------------------------------------------------
// Small value helpers.

const now = () => new Date().toISOString();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A body field checked as Meilisearch checks it: absent or null gives the default, a wrong type a 400. */
function field<T>(body: Record<string, unknown>, name: string, fallback: T, valid: (value: unknown) => value is T, code: string, expected: string): T {
  const value = body[name];
  if (value === undefined || value === null) return fallback;
  if (!valid(value)) throw new EngineError(400, code, `Invalid value type at \`.${name}\`: expected ${expected}, but found \`${JSON.stringify(value)}\`.`);
  return value;
}

function refuseUnknownFields(body: Record<string, unknown>, known: readonly string[]) {
  const unknown = Object.keys(body).find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new EngineError(400, 'bad_request', `Unknown field \`${unknown}\`: the fake search engine knows only ${known.map((name) => `\`${name}\``).join(', ')}.`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Text: folding, words, matching, highlighting.

/** One character folded as Meilisearch normalizes it: lower case, without diacritics, ß as ss. */
function foldChar(char: string): string {
  if (char === 'ß' || char === 'ẞ') return 'ss';
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A folded copy of `text` and, for each folded code unit, the span of the original character it came from. */
interface FoldedText {
  text: string;
  starts: number[];
  ends: number[];
}

function foldWithSpans(original: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = foldChar(char);
    const end = index + char.length;
    // A combining mark on its own folds to nothing: it belongs to the character before it.
    if (folded === '' && ends.length > 0) ends[ends.length - 1] = end;
    for (let unit = 0; unit < folded.length; unit++) {
      starts.push(index);
      ends.push(end);
    }
    text += folded;
    index = end;
  }
  return { text, starts, ends };
}

interface Word {
  word: string;
  start: number;
}

function wordsOf(folded: string): Word[] {
  return [...folded.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ word: match[0], start: match.index }));
}

const foldedWords = (text: string) => wordsOf(foldWithSpans(text).text).map(({ word }) => word);

/** Same words but for one typo, as Meilisearch counts them: one insertion, deletion, substitution or swap of neighbours, never in the first letter. */
function isOneTypoAway(query: string, word: string): boolean {
  const a = [...query];
  const b = [...word];
  if (a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  if (same === a.length && same === b.length) return false;
  const restEqual = (fromA: number, fromB: number) => a.slice(fromA).join('') === b.slice(fromB).join('');
  if (a.length > b.length) return restEqual(same + 1, same);
  if (a.length < b.length) return restEqual(same, same + 1);
  return restEqual(same + 1, same + 1) || (a[same] === b[same + 1] && a[same + 1] === b[same] && restEqual(same + 2, same + 2));
}

type WordMatch = 'exact' | 'prefix' | 'typo' | undefined;

/** `typoMinLength`: how many letters a query word needs to be matched with a typo (Infinity: never). */
function matchWord(query: string, word: string, typoMinLength: number): WordMatch {
  if (word === query) return 'exact';
  if (word.startsWith(query)) return 'prefix';
  if ([...query].length >= typoMinLength && isOneTypoAway(query, word)) return 'typo';
  return undefined;
}

/** How much of a document word a query word marks: the matched prefix, or the whole word for a typo. */
function matchedLength(query: string, word: string, typoMinLength: number): number {
  const match = matchWord(query, word, typoMinLength);
  if (match === 'typo') return word.length;
  return match === undefined ? 0 : query.length;
}

/** From the typoTolerance setting: how long a query word must be for a typo in an attribute. */
function typoMinLengthFor(settings: Record<string, unknown>): (attribute: string) => number {
  const tolerance = settings.typoTolerance as { enabled?: boolean; minWordSizeForTypos?: { oneTypo?: number }; disableOnAttributes?: string[] };
  return (attribute) =>
    tolerance.enabled === false || tolerance.disableOnAttributes?.includes(attribute) ? Infinity : (tolerance.minWordSizeForTypos?.oneTypo ?? 5);
}

/** Every string in a value (numbers as their text), as Meilisearch indexes arrays and nested objects. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isPlainObject(value)) return Object.values(value).flatMap(textsOf);
  return [];
}

/** How well a document matches, by Meilisearch's default ranking rules as far as the fake follows them. */
interface Relevance {
  /** Query words found only with a typo (the `typo` rule: fewer first). */
  typos: number;
  /** Position of the first searchable attribute a query word is found in (the `attribute` rule: earlier first). */
  attribute: number;
  /** Query words equal to a document word (the `exactness` rule: more first). */
  exact: number;
}

/** Undefined when some query word matches no word of the searchable attributes. */
function relevance(document: Document, queryWords: string[], searchable: string[], typoMinLength: (attribute: string) => number): Relevance | undefined {
  const attributes = searchable.includes('*') ? Object.keys(document) : searchable;
  const fields = attributes.map((attribute) => ({ words: new Set(textsOf(document[attribute]).flatMap(foldedWords)), typoMinLength: typoMinLength(attribute) }));
  const result: Relevance = { typos: 0, attribute: Number.MAX_SAFE_INTEGER, exact: 0 };
  for (const query of queryWords) {
    let exact = false;
    let foundAt: number | undefined;
    let foundWithTypoAt: number | undefined;
    for (const [position, field] of fields.entries()) {
      for (const word of field.words) {
        const match = matchWord(query, word, field.typoMinLength);
        if (match === 'exact') exact = true;
        if (match === 'typo') foundWithTypoAt ??= position;
        else if (match !== undefined) foundAt ??= position;
      }
    }
    const position = foundAt ?? foundWithTypoAt;
    if (position === undefined) return undefined;
    if (foundAt === undefined) result.typos++;
    if (exact) result.exact++;
    result.attribute = Math.min(result.attribute, position);
  }
  return result;
}

const byRelevance = (a: Relevance & { position: number }, b: Relevance & { position: number }) =>
  a.typos - b.typos || a.attribute - b.attribute || b.exact - a.exact || a.position - b.position;

interface HighlightTags {
  pre: string;
  post: string;
}

/** The text with every matched part wrapped in the tags; folded positions are mapped back to the original. */
function highlight(text: string, queryWords: string[], tags: HighlightTags, typoMinLength: number): string {
  const folded = foldWithSpans(text);
  let result = '';
  let copied = 0;
  for (const { word, start } of wordsOf(folded.text)) {
    const length = Math.max(0, ...queryWords.map((query) => matchedLength(query, word, typoMinLength)));
    if (length === 0) continue;
    const from = folded.starts[start]!;
    const to = folded.ends[start + length - 1]!;
    result += `${text.slice(copied, from)}${tags.pre}${text.slice(from, to)}${tags.post}`;
    copied = to;
  }
  return result + text.slice(copied);
}

/** A value as `_formatted` shows it: numbers as text (as Meilisearch does), strings highlighted when asked. */
function formatValue(value: unknown, mark: ((text: string) => string) | undefined): unknown {
  if (typeof value === 'string') return mark ? mark(value) : value;
  if (typeof value === 'number') return mark ? mark(String(value)) : String(value);
  if (Array.isArray(value)) return value.map((item) => formatValue(item, mark));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, formatValue(item, mark)]));
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Filters: Meilisearch's expression language (a subset) and its array form.

type Comparison = '=' | '>' | '>=' | '<' | '<=';

type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'compare'; attribute: string; operator: Comparison; value: string }
  | { kind: 'in'; attribute: string; values: string[] };

interface Token {
  kind: 'word' | 'quoted' | 'symbol';
  text: string;
}

const keywords = ['AND', 'OR', 'NOT', 'IN'];

function tokenize(source: string, fail: (message: string) => never): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index);
    const space = /^\s+/.exec(rest);
    const symbol = /^(!=|>=|<=|=|>|<|\(|\)|\[|\]|,)/.exec(rest);
    const bare = /^[^\s()[\],=!<>'"]+/.exec(rest);
    if (space) {
      index += space[0].length;
    } else if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol[0] });
      index += symbol[0].length;
    } else if (rest[0] === '"' || rest[0] === "'") {
      const quoted = new RegExp(`^${rest[0]}((?:\\\\.|[^\\\\${rest[0]}])*)${rest[0]}`).exec(rest);
      if (!quoted) fail(`an unclosed quote at position ${index}`);
      tokens.push({ kind: 'quoted', text: quoted[1]!.replace(/\\(.)/g, '$1') });
      index += quoted[0].length;
    } else if (bare) {
      tokens.push({ kind: 'word', text: bare[0] });
      index += bare[0].length;
    } else {
      fail(`an unexpected \`${rest[0]}\` at position ${index}`);
    }
  }
  return tokens;
}

/** One filter expression; undefined for an empty one, which Meilisearch treats as no filter. */
function parseFilterExpression(source: string): FilterNode | undefined {
  const fail = (message: string): never => {
    throw invalidFilter(`Invalid syntax for the filter parameter: ${message} in \`${source}\`.`);
  };
  const tokens = tokenize(source, fail);
  if (tokens.length === 0) return undefined;
  let position = 0;
  const isKeyword = (word: string) => tokens[position]?.kind === 'word' && tokens[position]?.text === word;
  const isSymbol = (text: string) => tokens[position]?.kind === 'symbol' && tokens[position]?.text === text;
  const expectSymbol = (text: string) => {
    if (!isSymbol(text)) fail(`\`${text}\` expected at token ${position + 1}`);
    position++;
  };
  const expectValue = (what: string): string => {
    const token = tokens[position];
    if (!token || token.kind === 'symbol' || (token.kind === 'word' && keywords.includes(token.text))) fail(`${what} expected at token ${position + 1}`);
    position++;
    return token!.text;
  };
  const list = (): string[] => {
    expectSymbol('[');
    const values: string[] = [];
    while (!isSymbol(']')) {
      values.push(expectValue('a value'));
      if (!isSymbol(']')) expectSymbol(',');
    }
    position++;
    return values;
  };
  const condition = (): FilterNode => {
    const attribute = expectValue('an attribute');
    const operator = tokens[position];
    position++;
    if (operator?.kind === 'symbol' && operator.text === '!=') return { kind: 'not', item: { kind: 'compare', attribute, operator: '=', value: expectValue('a value') } };
    if (operator?.kind === 'symbol' && ['=', '>', '>=', '<', '<='].includes(operator.text)) {
      return { kind: 'compare', attribute, operator: operator.text as Comparison, value: expectValue('a value') };
    }
    if (operator?.kind === 'word' && operator.text === 'IN') return { kind: 'in', attribute, values: list() };
    if (operator?.kind === 'word' && operator.text === 'NOT' && isKeyword('IN')) {
      position++;
      return { kind: 'not', item: { kind: 'in', attribute, values: list() } };
    }
    return fail(`an operator (=, !=, >, >=, <, <=, IN, NOT IN) expected after \`${attribute}\``);
  };
  const primary = (): FilterNode => {
    if (!isSymbol('(')) return condition();
    position++;
    const node = disjunction();
    expectSymbol(')');
    return node;
  };
  const negation = (): FilterNode => {
    if (!isKeyword('NOT')) return primary();
    position++;
    return { kind: 'not', item: negation() };
  };
  const sequence = (keyword: 'AND' | 'OR', kind: 'and' | 'or', item: () => FilterNode) => (): FilterNode => {
    const items = [item()];
    while (isKeyword(keyword)) {
      position++;
      items.push(item());
    }
    return items.length === 1 ? items[0]! : { kind, items };
  };
  // AND binds tighter than OR.
  const conjunction = sequence('AND', 'and', negation);
  const disjunction = sequence('OR', 'or', conjunction);
  const node = disjunction();
  if (position < tokens.length) fail(`an unexpected \`${tokens[position]!.text}\` at token ${position + 1}`);
  return node;
}

/** A `filter` as a search (or a tenant token's rule) gives it: an expression, or an array of them ANDed whose nested arrays are ORed. */
function parseFilter(filter: unknown): FilterNode | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter === 'string') return parseFilterExpression(filter);
  if (!Array.isArray(filter)) throw invalidFilter('Invalid value type: expected a string or an array for the filter parameter.');
  const items = filter.flatMap((item): FilterNode[] => {
    if (typeof item === 'string') return [parseFilterExpression(item)].filter((node) => node !== undefined);
    if (!isStringList(item)) throw invalidFilter('Invalid value type: a filter array holds strings or arrays of strings.');
    const alternatives = item.map(parseFilterExpression).filter((node) => node !== undefined);
    return alternatives.length === 0 ? [] : [{ kind: 'or', items: alternatives }];
  });
  return items.length === 0 ? undefined : { kind: 'and', items };
}

function filterAttributes(node: FilterNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.flatMap(filterAttributes);
    case 'not':
      return filterAttributes(node.item);
    default:
      return [node.attribute];
  }
}

function checkFilterable(node: FilterNode, filterable: string[]) {
  const attribute = filterAttributes(node).find((name) => !filterable.includes(name));
  if (attribute === undefined) return;
  const available =
    filterable.length === 0 ? 'This index does not have configured filterable attributes.' : `Available filterable attributes are: \`${filterable.join(', ')}\`.`;
  throw invalidFilter(`Attribute \`${attribute}\` is not filterable. ${available}`);
}

/** The scalar values of a document attribute; an array contributes each element. */
function scalarsOf(value: unknown): (string | number | boolean)[] {
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [value] : [];
}

function asNumber(value: string | number | boolean): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Numbers compare as numbers; everything else by its text, without regard to case as Meilisearch does. */
function compareValues(documentValue: string | number | boolean, filterValue: string): number {
  const left = asNumber(documentValue);
  const right = asNumber(filterValue);
  if (left !== undefined && right !== undefined) return left - right;
  const leftText = String(documentValue).toLowerCase();
  const rightText = filterValue.toLowerCase();
  return leftText < rightText ? -1 : leftText > rightText ? 1 : 0;
}

const comparisons: Record<Comparison, (order: number) => boolean> = {
  '=': (order) => order === 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
};

function matchesFilter(document: Document, node: FilterNode): boolean {
  switch (node.kind) {
    case 'and':
      return node.items.every((item) => matchesFilter(document, item));
    case 'or':
      return node.items.some((item) => matchesFilter(document, item));
    case 'not':
      return !matchesFilter(document, node.item);
    case 'compare':
      return scalarsOf(document[node.attribute]).some((value) => comparisons[node.operator](compareValues(value, node.value)));
    case 'in':
      return scalarsOf(document[node.attribute]).some((value) => node.values.some((candidate) => compareValues(value, candidate) === 0));
  }
}

// ---------------------------------------------------------------------------------------------------
// Tenant tokens: JWTs signed with the API key, limiting a search to some indexes and adding a filter.

const hmacHashes: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

function decodeJwtPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const uidMatchesRule = (rule: string, indexUid: string) => rule === indexUid || (rule.endsWith('*') && indexUid.startsWith(rule.slice(0, -1)));

/** What credentials allow on a route: for a tenant token, the filter its search rules impose (if any). */
interface Grant {
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

/** What a tenant token grants on a search of the index; undefined when it is not a valid token for it. */
function tenantTokenGrant(token: string, state: EngineState, indexUid: string): Grant | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodeJwtPart(encodedHeader);
  const hash = isPlainObject(header) && typeof header.alg === 'string' ? hmacHashes[header.alg] : undefined;
  if (hash === undefined) return undefined;
  const expected = createHmac(hash, state.apiKey).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = decodeJwtPart(encodedPayload);
  if (!isPlainObject(payload) || payload.apiKeyUid !== state.apiKeyUid) return undefined;
  if (payload.exp !== undefined && payload.exp !== null && (typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000)) return undefined;
  return searchRuleGrant(payload.searchRules, indexUid);
}

// ---------------------------------------------------------------------------------------------------
// Indexes, settings, documents and tasks.

function defaultSettings(): Record<string, unknown> {
  return {
    displayedAttributes: ['*'],
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    stopWords: [],
    nonSeparatorTokens: [],
    separatorTokens: [],
    dictionary: [],
    synonyms: {},
    distinctAttribute: null,
    proximityPrecision: 'byWord',
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [] },
    faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: 1000 },
    searchCutoffMs: null,
  };
}

const settingNames = Object.keys(defaultSettings());
const listSettingNames = ['displayedAttributes', 'searchableAttributes', 'filterableAttributes', 'sortableAttributes', 'rankingRules', 'stopWords', 'nonSeparatorTokens', 'separatorTokens', 'dictionary'];
/** Object settings Meilisearch updates field by field; the others are replaced whole. */
const mergedSettingNames = ['typoTolerance', 'faceting', 'pagination'];

const effectiveSettings = (index: IndexState) => ({ ...defaultSettings(), ...index.settings });

function newIndex(primaryKey: string | null): IndexState {
  const createdAt = now();
  return { primaryKey, documents: new Map(), settings: {}, createdAt, updatedAt: createdAt };
}

function requireIndex(state: EngineState, uid: string): IndexState {
  const index = state.indexes.get(uid);
  if (!index) throw indexNotFound(uid);
  return index;
}

/** Applies a write at once and records its task; answers as Meilisearch does on enqueueing. */
function runTask(state: EngineState, indexUid: string | null, type: TaskType, apply: () => void): Answer {
  const enqueuedAt = now();
  let error: ErrorBody | null = null;
  try {
    apply();
  } catch (thrown) {
    if (!(thrown instanceof EngineError)) throw thrown;
    error = thrown.toBody();
  }
  const task: Task = { uid: state.tasks.length, indexUid, status: error ? 'failed' : 'succeeded', type, error, enqueuedAt, startedAt: enqueuedAt, finishedAt: now() };
  state.tasks.push(task);
  return { status: 202, body: { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt } };
}

function indexUidFrom(text: string | undefined): string {
  const uid = decodeURIComponent(text ?? '');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(uid)) {
    throw new EngineError(400, 'invalid_index_uid', `\`${uid}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_).`);
  }
  return uid;
}

function documentId(document: Document, primaryKey: string): string {
  const id = document[primaryKey];
  if (id === undefined || id === null) {
    throw new EngineError(400, 'missing_document_id', `Document doesn't have a \`${primaryKey}\` attribute: \`${JSON.stringify(document)}\`.`);
  }
  if (!Number.isInteger(id) && !(typeof id === 'string' && /^[A-Za-z0-9_-]{1,511}$/.test(id))) {
    throw new EngineError(400, 'invalid_document_id', `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_).`);
  }
  return String(id);
}

/** Adds or replaces documents; all or nothing, as a Meilisearch task is. */
function addDocuments(state: EngineState, uid: string, documents: Document[], requestedPrimaryKey: string | null) {
  const existing = state.indexes.get(uid);
  if (existing?.primaryKey && requestedPrimaryKey && requestedPrimaryKey !== existing.primaryKey) {
    throw new EngineError(400, 'index_primary_key_already_exists', `Index already has a primary key: \`${existing.primaryKey}\`.`);
  }
  const primaryKey = existing?.primaryKey ?? requestedPrimaryKey ?? 'id';
  const identified = documents.map((document) => [documentId(document, primaryKey), structuredClone(document)] as const);
  const index = existing ?? newIndex(primaryKey);
  index.primaryKey = primaryKey;
  for (const [id, document] of identified) index.documents.set(id, document);
  index.updatedAt = now();
  state.indexes.set(uid, index);
}

function swapIndexes(state: EngineState, pairs: [string, string][]) {
  const missing = [...new Set(pairs.flat())].filter((uid) => !state.indexes.has(uid));
  if (missing.length === 1) throw indexNotFound(missing[0]!);
  if (missing.length > 1) throw new EngineError(404, 'index_not_found', `Indexes ${missing.map((uid) => `\`${uid}\``).join(', ')} not found.`);
  for (const [a, b] of pairs) {
    const first = state.indexes.get(a)!;
    state.indexes.set(a, state.indexes.get(b)!);
    state.indexes.set(b, first);
  }
}

// ---------------------------------------------------------------------------------------------------
// Search.

const searchParameterNames = ['q', 'offset', 'limit', 'filter', 'attributesToHighlight', 'highlightPreTag', 'highlightPostTag', 'matchingStrategy', 'attributesToRetrieve'] as const;

const isMatchingStrategy = (value: unknown): value is string => value === 'last' || value === 'all' || value === 'frequency';

function readSearchParameters(body: unknown) {
  if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
  refuseUnknownFields(body, searchParameterNames);
  // Checked only: "last" would drop query words from the end when nothing matches them all; the fake always wants all.
  field(body, 'matchingStrategy', 'last', isMatchingStrategy, 'invalid_search_matching_strategy', 'one of `last`, `all`, `frequency`');
  return {
    q: field(body, 'q', '', isString, 'invalid_search_q', 'a string'),
    offset: field(body, 'offset', 0, isCount, 'invalid_search_offset', 'a positive integer'),
    limit: field(body, 'limit', 20, isCount, 'invalid_search_limit', 'a positive integer'),
    filter: body.filter,
    attributesToHighlight: field<string[] | undefined>(body, 'attributesToHighlight', undefined, isStringList, 'invalid_search_attributes_to_highlight', 'an array of strings'),
    attributesToRetrieve: field(body, 'attributesToRetrieve', ['*'], isStringList, 'invalid_search_attributes_to_retrieve', 'an array of strings'),
    tags: {
      pre: field(body, 'highlightPreTag', '<em>', isString, 'invalid_search_highlight_pre_tag', 'a string'),
      post: field(body, 'highlightPostTag', '</em>', isString, 'invalid_search_highlight_post_tag', 'a string'),
    },
  };
}

type SearchParameters = ReturnType<typeof readSearchParameters>;

const attributeList = (settings: Record<string, unknown>, name: string) => (settings[name] as string[] | null) ?? [];

/** A hit as Meilisearch returns it: the retrieved displayed attributes, and `_formatted` when highlighting was asked for. */
function formatHit(document: Document, parameters: SearchParameters, settings: Record<string, unknown>, queryWords: string[]): Document {
  const displayedList = attributeList(settings, 'displayedAttributes');
  const displayed = Object.keys(document).filter((key) => displayedList.includes('*') || displayedList.includes(key));
  const selected = (names: string[]) => displayed.filter((key) => names.includes('*') || names.includes(key));
  const retrieved = selected(parameters.attributesToRetrieve);
  const hit: Document = Object.fromEntries(retrieved.map((key) => [key, document[key]]));
  if (parameters.attributesToHighlight) {
    const highlighted = selected(parameters.attributesToHighlight);
    const typoMinLength = typoMinLengthFor(settings);
    const markIn = (key: string) => (text: string) => highlight(text, queryWords, parameters.tags, typoMinLength(key));
    const formattedKeys = displayed.filter((key) => retrieved.includes(key) || highlighted.includes(key));
    hit._formatted = Object.fromEntries(formattedKeys.map((key) => [key, formatValue(document[key], highlighted.includes(key) ? markIn(key) : undefined)]));
  }
  return hit;
}

function search(state: EngineState, uid: string, body: unknown, grant: Grant): Answer {
  const startedAt = performance.now();
  if (state.searchFailing) return { status: 500, body: { message: 'internal', code: 'internal', type: 'internal', link: 'https://docs.meilisearch.com/errors#internal' } };
  const index = requireIndex(state, uid);
  const parameters = readSearchParameters(body);
  const settings = effectiveSettings(index);
  const filters = [parseFilter(grant.filter), parseFilter(parameters.filter)].filter((node) => node !== undefined);
  for (const node of filters) checkFilterable(node, attributeList(settings, 'filterableAttributes'));
  const queryWords = foldedWords(parameters.q);
  const searchable = attributeList(settings, 'searchableAttributes');
  const typoMinLength = typoMinLengthFor(settings);
  const matches: (Relevance & { document: Document; position: number })[] = [];
  let position = 0;
  for (const document of index.documents.values()) {
    position++;
    if (!filters.every((node) => matchesFilter(document, node))) continue;
    const found = relevance(document, queryWords, searchable, typoMinLength);
    if (found) matches.push({ ...found, document, position });
  }
  matches.sort(byRelevance);
  // Meilisearch stops counting (and serving) at maxTotalHits.
  const reachable = matches.slice(0, (settings.pagination as { maxTotalHits: number }).maxTotalHits);
  const hits = reachable.slice(parameters.offset, parameters.offset + parameters.limit).map(({ document }) => formatHit(document, parameters, settings, queryWords));
  return {
    status: 200,
    body: { hits, query: parameters.q, processingTimeMs: Math.round(performance.now() - startedAt), limit: parameters.limit, offset: parameters.offset, estimatedTotalHits: reachable.length },
  };
}

// ---------------------------------------------------------------------------------------------------
// Routes.

interface RouteRequest {
  state: EngineState;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  grant: Grant;
}

interface Route {
  method: string;
  path: RegExp;
  /** `search` also accepts a tenant token (for the index in the path). */
  access: 'public' | 'key' | 'search';
  needsBody?: boolean;
  handle(request: RouteRequest): Answer;
}

function readSettingsPatch(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
  refuseUnknownFields(body, settingNames);
  for (const name of listSettingNames) {
    const value = body[name];
    if (value !== undefined && value !== null && !isStringList(value)) {
      const code = `invalid_settings_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
      throw new EngineError(400, code, `Invalid value type at \`.${name}\`: expected an array of strings, but found \`${JSON.stringify(value)}\`.`);
    }
  }
  return body;
}

function applySettings(index: IndexState, patch: Record<string, unknown>) {
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete index.settings[name];
    else if (mergedSettingNames.includes(name) && isPlainObject(value)) index.settings[name] = { ...(effectiveSettings(index)[name] as object), ...value };
    else index.settings[name] = structuredClone(value);
  }
  index.updatedAt = now();
}

function readDocuments(body: unknown): Document[] {
  const documents = isPlainObject(body) ? [body] : body;
  if (!Array.isArray(documents) || !documents.every(isPlainObject)) {
    throw new EngineError(400, 'malformed_payload', 'The `json` payload provided is malformed. `Couldn\'t serialize document value: expected an object or an array of objects`.');
  }
  return documents;
}

function readSwaps(body: unknown): [string, string][] {
  const isSwap = (item: unknown): item is { indexes: [string, string] } => isPlainObject(item) && isStringList(item.indexes) && item.indexes.length === 2;
  if (!Array.isArray(body) || !body.every(isSwap)) {
    throw new EngineError(400, 'invalid_swap_indexes', 'Invalid value: expected an array of `{ "indexes": [uid, uid] }` objects.');
  }
  const uids = body.flatMap((swap) => swap.indexes);
  const repeated = [...new Set(uids.filter((uid, position) => uids.indexOf(uid) !== position))];
  if (repeated.length > 0) {
    throw new EngineError(400, 'invalid_swap_duplicate_index_found', `Indexes must be declared only once during a swap. ${repeated.map((uid) => `\`${uid}\``).join(', ')} was specified several times.`);
  }
  return body.map((swap) => swap.indexes);
}

function countParameter(query: URLSearchParams, name: string, fallback: number, code: string): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !isCount(value)) throw new EngineError(400, code, `Invalid value in parameter \`${name}\`: could not parse \`${text}\` as a positive integer.`);
  return value;
}

const routes: Route[] = [
  {
    method: 'GET',
    path: /^\/health$/,
    access: 'public',
    handle: ({ state }) => (state.healthy ? { status: 200, body: { status: 'available' } } : { status: 503, body: { status: 'unavailable' } }),
  },
  {
    method: 'GET',
    path: /^\/keys\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const wanted = decodeURIComponent(params[0]!);
      if (wanted !== state.apiKey && wanted !== state.apiKeyUid) throw new EngineError(404, 'api_key_not_found', `API key \`${wanted}\` not found.`);
      return {
        status: 200,
        body: {
          name: 'Default Admin API Key',
          description: 'Use it for anything that is not a search operation. Caution! Do not expose it on a public frontend',
          key: state.apiKey,
          uid: state.apiKeyUid,
          actions: ['*'],
          indexes: ['*'],
          expiresAt: null,
          createdAt: state.startedAt,
          updatedAt: state.startedAt,
        },
      };
    },
  },
  {
    method: 'GET',
    path: /^\/tasks\/(\d+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const task = state.tasks[Number(params[0])];
      if (!task) throw new EngineError(404, 'task_not_found', `Task \`${params[0]}\` not found.`);
      return { status: 200, body: task };
    },
  },
  {
    method: 'POST',
    path: /^\/indexes$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, body }) => {
      if (!isPlainObject(body)) throw new EngineError(400, 'bad_request', 'Invalid value type: expected an object.');
      refuseUnknownFields(body, ['uid', 'primaryKey']);
      if (body.uid === undefined) throw new EngineError(400, 'missing_index_uid', 'Missing field `uid`');
      const uid = indexUidFrom(String(body.uid));
      const primaryKey = field<string | null>(body, 'primaryKey', null, isString, 'invalid_index_primary_key', 'a string');
      return runTask(state, uid, 'indexCreation', () => {
        if (state.indexes.has(uid)) throw new EngineError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
        state.indexes.set(uid, newIndex(primaryKey));
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const uid = indexUidFrom(params[0]);
      const { primaryKey, createdAt, updatedAt } = requireIndex(state, uid);
      return { status: 200, body: { uid, primaryKey, createdAt, updatedAt } };
    },
  },
  {
    method: 'DELETE',
    path: /^\/indexes\/([^/]+)$/,
    access: 'key',
    handle: ({ state, params }) => {
      const uid = indexUidFrom(params[0]);
      return runTask(state, uid, 'indexDeletion', () => {
        requireIndex(state, uid);
        state.indexes.delete(uid);
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)\/settings$/,
    access: 'key',
    handle: ({ state, params }) => ({ status: 200, body: effectiveSettings(requireIndex(state, indexUidFrom(params[0]))) }),
  },
  {
    method: 'PATCH',
    path: /^\/indexes\/([^/]+)\/settings$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, body }) => {
      const uid = indexUidFrom(params[0]);
      const patch = readSettingsPatch(body);
      return runTask(state, uid, 'settingsUpdate', () => {
        const index = state.indexes.get(uid) ?? newIndex(null);
        applySettings(index, patch);
        state.indexes.set(uid, index);
      });
    },
  },
  {
    method: 'GET',
    path: /^\/indexes\/([^/]+)\/documents$/,
    access: 'key',
    handle: ({ state, params, query }) => {
      const index = requireIndex(state, indexUidFrom(params[0]));
      const offset = countParameter(query, 'offset', 0, 'invalid_document_offset');
      const limit = countParameter(query, 'limit', 20, 'invalid_document_limit');
      const documents = [...index.documents.values()];
      return { status: 200, body: { results: documents.slice(offset, offset + limit), offset, limit, total: documents.length } };
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/documents$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, query, body }) => {
      const uid = indexUidFrom(params[0]);
      const documents = readDocuments(body);
      return runTask(state, uid, 'documentAdditionOrUpdate', () => addDocuments(state, uid, documents, query.get('primaryKey')));
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/documents\/delete-batch$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, params, body }) => {
      const uid = indexUidFrom(params[0]);
      if (!Array.isArray(body) || !body.every((id) => typeof id === 'string' || typeof id === 'number')) {
        throw new EngineError(400, 'bad_request', 'Invalid value type: expected an array of document ids (strings or numbers).');
      }
      return runTask(state, uid, 'documentDeletion', () => {
        const index = requireIndex(state, uid);
        for (const id of body) index.documents.delete(String(id));
        index.updatedAt = now();
      });
    },
  },
  {
    method: 'POST',
    path: /^\/indexes\/([^/]+)\/search$/,
    access: 'search',
    needsBody: true,
    handle: ({ state, params, body, grant }) => search(state, indexUidFrom(params[0]), body, grant),
  },
  {
    method: 'POST',
    path: /^\/swap-indexes$/,
    access: 'key',
    needsBody: true,
    handle: ({ state, body }) => {
      const pairs = readSwaps(body);
      return runTask(state, null, 'indexSwap', () => swapIndexes(state, pairs));
    },
  },
];

/** What the request's credentials grant; throws when they do not grant the route. */
function authorize(state: EngineState, route: Route, params: string[], authorization: string | undefined): Grant {
  if (route.access === 'public') return {};
  const bearer = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!bearer) throw new EngineError(401, 'missing_authorization_header', 'The Authorization header is missing. It must use the bearer authorization method.', 'auth');
  const token = bearer[1]!;
  if (token === state.apiKey) return {};
  const grant = route.access === 'search' ? tenantTokenGrant(token, state, indexUidFrom(params[0])) : undefined;
  if (!grant) throw new EngineError(403, 'invalid_api_key', 'The provided API key is invalid.', 'auth');
  return grant;
}

function checkJsonBody(contentType: string | undefined, raw: string, body: unknown) {
  const accepted = 'Accepted values for the Content-Type header are: `application/json`';
  if (contentType === undefined) throw new EngineError(415, 'missing_content_type', `A Content-Type header is missing. ${accepted}.`);
  if (!/^application\/json\b/i.test(contentType)) throw new EngineError(415, 'invalid_content_type', `The Content-Type \`${contentType}\` is invalid. ${accepted}.`);
  if (raw.trim() === '') throw new EngineError(400, 'missing_payload', 'A json payload is missing.');
  if (body === undefined) throw new EngineError(400, 'malformed_payload', 'The json payload provided is malformed.');
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function answerApiRequest(state: EngineState, request: http.IncomingMessage, url: URL, raw: string): Answer {
  const body = raw === '' ? undefined : parseJson(raw);
  const authorization = request.headers.authorization;
  state.requests.push({
    method: request.method ?? 'GET',
    path: request.url ?? '/',
    ...(raw !== '' && { body: body ?? raw }),
    ...(authorization !== undefined && { authorization }),
  });
  const match = routes.map((route) => ({ route, found: route.method === request.method && route.path.exec(url.pathname) })).find(({ found }) => found);
  try {
    if (!match || !match.found) throw new EngineError(404, 'not_found', `The fake search engine has no route ${request.method} ${url.pathname}.`);
    const params = match.found.slice(1);
    const grant = authorize(state, match.route, params, authorization);
    if (match.route.needsBody) checkJsonBody(request.headers['content-type'], raw, body);
    return match.route.handle({ state, params, query: url.searchParams, body, grant });
  } catch (thrown) {
    if (thrown instanceof EngineError) return { status: thrown.status, body: thrown.toBody() };
    throw thrown;
  }
}

// ---------------------------------------------------------------------------------------------------
// Control endpoints, for browser tests that drive the fake over HTTP. No authentication.

function answerControlRequest(state: EngineState, method: string | undefined, pathname: string, body: unknown): Answer {
  const flag = (name: string): boolean | undefined => (isPlainObject(body) && typeof body[name] === 'boolean' ? body[name] : undefined);
  // Changes answer with the fake's state, so that a caller may always read the answer as JSON.
  const changed = (): Answer => ({ status: 200, body: { healthy: state.healthy, searchFailing: state.searchFailing, recordedRequests: state.requests.length } });
  const documents = /^\/_fake\/documents\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && documents) return { status: 200, body: documentsOf(state, decodeURIComponent(documents[1]!)) };
  if (method === 'GET' && pathname === '/_fake/requests') return { status: 200, body: state.requests };
  if (method === 'DELETE' && pathname === '/_fake/requests') {
    state.requests.length = 0;
    return changed();
  }
  if (method === 'POST' && pathname === '/_fake/health') {
    const ok = flag('ok');
    if (ok === undefined) return { status: 400, body: { message: 'expected { "ok": boolean }' } };
    state.healthy = ok;
    return changed();
  }
  if (method === 'POST' && pathname === '/_fake/search') {
    const fail = flag('fail');
    if (fail === undefined) return { status: 400, body: { message: 'expected { "fail": boolean }' } };
    state.searchFailing = fail;
    return changed();
  }
  return { status: 404, body: { message: `no control endpoint ${method} ${pathname}` } };
}

const documentsOf = (state: EngineState, uid: string) => structuredClone([...(state.indexes.get(uid)?.documents.values() ?? [])]);

// ---------------------------------------------------------------------------------------------------
// The server.

// Browsers may search the engine directly with a tenant token; Meilisearch allows any origin.
const corsHeaders = { 'access-control-allow-origin': '*' };

function send(response: http.ServerResponse, { status, body }: Answer) {
  response.writeHead(status, { ...corsHeaders, 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readText(request: http.IncomingMessage): Promise<string> {
  request.setEncoding('utf8');
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

async function answer(state: EngineState, request: http.IncomingMessage, response: http.ServerResponse) {
  const raw = await readText(request);
  const url = new URL(request.url ?? '/', 'http://fake-search-engine');
  if (request.method === 'OPTIONS') {
    response
      .writeHead(204, {
        ...corsHeaders,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '86400',
      })
      .end();
    return;
  }
  if (url.pathname.startsWith('/_fake/')) send(response, answerControlRequest(state, request.method, url.pathname, parseJson(raw)));
  else send(response, answerApiRequest(state, request, url, raw));
}

export async function startFakeSearchEngine(options: FakeSearchEngineOptions): Promise<FakeSearchEngine> {
  const state: EngineState = {
    apiKey: options.apiKey,
    apiKeyUid: options.apiKeyUid ?? defaultApiKeyUid,
    startedAt: now(),
    indexes: new Map(),
    tasks: [],
    requests: [],
    healthy: true,
    searchFailing: false,
  };
  const server = http.createServer((request, response) => {
    answer(state, request, response).catch((error: unknown) => {
      // A bug in the fake: answer as Meilisearch's internal error, with the cause for whoever reads the test output.
      const body = { message: `fake search engine: ${String(error)}`, code: 'internal', type: 'internal', link: 'https://docs.meilisearch.com/errors#internal' };
      if (response.headersSent) response.destroy();
      else send(response, { status: 500, body });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    apiKey: state.apiKey,
    apiKeyUid: state.apiKeyUid,
    requests: state.requests,
    documents: (indexUid) => documentsOf(state, indexUid),
    indexUids: () => [...state.indexes.keys()].sort(),
    setHealthy(ok) {
      state.healthy = ok;
    },
    setSearchFailing(fail) {
      state.searchFailing = fail;
    },
    reset() {
      state.requests.length = 0;
      state.healthy = true;
      state.searchFailing = false;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; a test fake need not wait for them to go.
        server.closeAllConnections();
      });
    },
  };
}
