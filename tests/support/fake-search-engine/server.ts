import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerControlRequest } from './control.ts';
import { EngineError, internalError } from './errors.ts';
import { documentsOf, indexUidFrom } from './index-store.ts';
import { parseJson } from './json.ts';
import { routes, type Route } from './routes.ts';
import { now, type Answer, type EngineState, type RecordedRequest } from './state.ts';
import { tenantTokenGrant, type Grant } from './tenant-token.ts';

// The HTTP server: recording, routing, credentials, body checks and CORS for the API; the control endpoints
// beside it; and the handle the tests hold.

export interface FakeSearchEngineOptions {
  apiKey: string;
  apiKeyUid?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
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

/** A UUID-shaped uid, as Meilisearch gives its keys. */
const defaultApiKeyUid = '8c4f1d2e-6b3a-4e7f-9d05-2a1b3c4d5e6f';

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
      if (response.headersSent) response.destroy();
      else send(response, { status: 500, body: internalError(`fake search engine: ${String(error)}`).toBody() });
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
