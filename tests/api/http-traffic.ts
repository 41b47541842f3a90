import http from 'node:http';
import { demoAccounts, type DemoAccount } from './helper.ts';

// Plain HTTP/1.1 requests to an app process (tests/api/app-process-fixtures.ts), on a keep-alive agent of the
// caller's when it brings one: what a load balancer's connections to an instance look like.

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** The Authorization header's value. */
  authorization?: string;
  json?: unknown;
  agent?: http.Agent;
  /** Gives up (rejects) after this long without an answer. */
  timeoutMs?: number;
}

export function httpRequest(port: number, options: HttpRequest): Promise<HttpAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        headers: {
          ...(options.authorization ? { authorization: options.authorization } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs a demo account in over HTTP and returns its Authorization header value. */
export async function signInOver(port: number, account: DemoAccount, agent?: http.Agent): Promise<string> {
  const answer = await httpRequest(port, { method: 'POST', path: '/api/login', json: { ...demoAccounts[account], tenant: 'demo' }, agent });
  if (answer.status !== 200) throw new Error(`sign-in of ${account} answered ${answer.status}: ${answer.body}`);
  return `Basic ${(JSON.parse(answer.body) as { token: string }).token}`;
}

/** The error code of a request that got no answer (ECONNREFUSED, ECONNRESET, TIMEOUT …). */
export function errorCodeOf(error: unknown): string {
  return (error as { code?: string }).code ?? (error as Error).message;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
