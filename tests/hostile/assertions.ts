import type { Answer, SentRequest, Surface } from './shop.ts';

// What every answer must satisfy, whatever was sent: a status below 500, an answer in time, no
// internal detail in the body, an error in the shop's own format, and a redirect only to this site.
// Checks return problems as text (empty: all good), so one test can report every offending request.

/** Internal details that must never reach a client, by what they give away. */
export const leakPatterns: { name: string; pattern: RegExp }[] = [
  { name: 'stack trace', pattern: /\n\s*at [^\n]*[/\\][^\n]*:\d+|\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/ },
  { name: 'file path', pattern: /\/work\/|node_modules|\.tsx?:\d|file:\/\/\// },
  { name: 'SQL', pattern: /\bSELECT\b|\bFROM "|syntax error|relation "|no such (?:table|column)|[Ss][Qq][Ll]ite/ },
  { name: 'library error code', pattern: /FST_ERR|\bERR_[A-Z]|SQLITE_|ECONN|ZodError|\bKysely/ },
];

/** The keys of the shop's JSON error shape: {statusCode, error, messageKey, message[, field]}. */
const errorKeys = new Set(['statusCode', 'error', 'messageKey', 'message', 'field', 'details']);

export function describeRequest(request: SentRequest): string {
  const url = request.url.length > 160 ? `${request.url.slice(0, 160)}…(${request.url.length} chars)` : request.url;
  const headers = Object.entries(request.headers ?? {})
    .filter(([name]) => name !== 'authorization' && name !== 'cookie')
    .map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…(${value.length} chars)` : value}`);
  const body = request.body === undefined ? '' : ` body ${bodyHead(String(request.body), 100)}`;
  return `${request.method} ${url}${headers.length ? ` [${headers.join('; ')}]` : ''}${body}`;
}

export function bodyHead(body: string, length = 160): string {
  const flat = JSON.stringify(body.slice(0, length));
  return body.length > length ? `${flat}…` : flat;
}

export function describeAnswer(answer: Answer): string {
  if (answer.failure) return answer.failure;
  return `${answer.status} ${bodyHead(answer.body)}`;
}

function header(answer: Answer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** Build files (scripts, styles, images) are ours and may contain anything; every other body is checked. */
function isBuildFile(answer: Answer): boolean {
  return answer.status < 400 && /javascript|text\/css|image\/|font\//.test(header(answer, 'content-type'));
}

/** A Location that stays on this site, read the way a browser reads it. */
export function isSafeLocation(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return false;
  return location.startsWith('/') && !location.startsWith('//');
}

export interface CheckOptions {
  /** Where the request went: API errors must be the shop's JSON, page errors a page or that JSON. */
  surface: Surface;
}

/** Every problem of one answer, as `class: detail`. */
export function answerProblems(request: SentRequest, answer: Answer, options: CheckOptions): string[] {
  if (answer.failure) return [`hang or failure: ${answer.failure}`];
  if (answer.closed) return [];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`5xx: status ${answer.status}`);
  const body = answer.body;
  if (!isBuildFile(answer)) {
    for (const { name, pattern } of leakPatterns) {
      const match = pattern.exec(body);
      if (match) problems.push(`leak (${name}): …${JSON.stringify(body.slice(Math.max(0, match.index - 40), match.index + 60))}…`);
    }
  }
  const location = header(answer, 'location');
  if (answer.status >= 300 && answer.status < 400 && location && !isSafeLocation(location)) {
    problems.push(`unsafe redirect: Location ${JSON.stringify(location)}`);
  }
  if (answer.status >= 400 && request.method !== 'HEAD' && !isDataRequest(request.url)) problems.push(...errorShapeProblems(answer, options.surface));
  return problems;
}

/** React Router's data requests of client navigations (`/category/x.data`) answer in its own stream format. */
function isDataRequest(url: string): boolean {
  return /\.data(?:\?|$)/.test(url);
}

/** API errors are JSON in the shop's shape; page errors are a rendered page (or that same JSON). One line per answer. */
export function errorShapeProblems(answer: Answer, surface: Surface): string[] {
  const found = errorShapeFaults(answer, surface);
  return found.length ? [`error format: ${found.join('; ')}`] : [];
}

function errorShapeFaults(answer: Answer, surface: Surface): string[] {
  const type = header(answer, 'content-type');
  if (surface === 'page' && /text\/html/.test(type)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`${surface === 'api' ? 'API error is not JSON' : 'page error is neither a page nor the shop’s JSON'} (content-type ${JSON.stringify(type)})`];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ['JSON error is not an object'];
  const record = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof record.messageKey !== 'string' || record.messageKey === '') problems.push('no messageKey');
  if (typeof record.message !== 'string') problems.push('no message');
  if (typeof record.error !== 'string') problems.push('no error code');
  if (record.statusCode !== answer.status) problems.push(`statusCode ${JSON.stringify(record.statusCode)} ≠ status ${answer.status}`);
  const extra = Object.keys(record).filter((key) => !errorKeys.has(key));
  if (extra.length) problems.push(`unexpected keys ${extra.join(', ')}`);
  return problems;
}

/** Collects problems with the request that caused them; `report()` gives one line per problem. */
export class ProblemLog {
  readonly lines: string[] = [];
  requests = 0;

  add(label: string, request: SentRequest, answer: Answer, problems: readonly string[]): void {
    for (const problem of problems) this.lines.push(`${problem} ⟵ [${label}] ${describeRequest(request)} → ${describeAnswer(answer)}`);
  }

  note(line: string): void {
    this.lines.push(line);
  }
}

/** Whether a prototype-pollution payload reached a shared prototype of this process. */
export function pollutionProblems(): string[] {
  const probe = {} as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of ['polluted', 'hostile', 'isAdmin']) {
    if (probe[key] !== undefined) problems.push(`prototype polluted: ({}).${key} = ${JSON.stringify(probe[key])}`);
  }
  if (([] as unknown as Record<string, unknown>).polluted !== undefined) problems.push('Array.prototype polluted');
  return problems;
}
