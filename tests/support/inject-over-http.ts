import type http from 'node:http';
import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { requestOverHttp } from './load-balanced-shop.ts';

// Fastify's `inject` as the API tests call it, sent over HTTP to a running shop (the load balancer in front
// of several instances) instead of into the test's own process: the same test then checks the shop as a
// client behind a proxy sees it. Requests carry what inject would (the Host `localhost:80` unless the test
// names one; an object payload as JSON), answers have the fields the tests read.

export interface AnswerOverHttp {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  payload: string;
  body: string;
  json<T = unknown>(): T;
}

async function bodyOf(payload: unknown, headers: Record<string, string>): Promise<Buffer | undefined> {
  if (payload === undefined || payload === null) return undefined;
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  }
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(payload));
}

export function injectOverHttp(baseUrl: string) {
  return async function inject(request: InjectOptions | string): Promise<AnswerOverHttp> {
    const options: InjectOptions = typeof request === 'string' ? { url: request } : request;
    const headers: Record<string, string> = { host: 'localhost:80', 'user-agent': 'lightMyRequest' };
    for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
    if (options.cookies) headers.cookie = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
    const url = new URL(typeof options.url === 'string' ? options.url : String(options.url ?? '/'), baseUrl);
    if (options.query) {
      const query = typeof options.query === 'string' ? new URLSearchParams(options.query) : new URLSearchParams(options.query as Record<string, string>);
      for (const [name, value] of query) url.searchParams.append(name, value);
    }
    const body = await bodyOf(options.payload ?? options.body, headers);
    const answer = await requestOverHttp(url.toString(), options.method ?? 'GET', headers, body);
    const text = answer.rawPayload.toString('utf8');
    return { ...answer, payload: text, body: text, json: <T>() => JSON.parse(text) as T };
  };
}
