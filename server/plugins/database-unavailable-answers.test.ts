import Fastify, { type FastifyInstance } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import errorHandler from './error-handler.ts';
import { noticingUnavailableDatabase } from './page-database-errors.ts';

// While the database is away, the API answers 503 in its error format and a page answers the 503 page,
// also when React Router caught the error in a loader (which it would render as a 500).

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appThrowing(error: () => Error): Promise<FastifyInstance> {
  app = Fastify();
  await app.register(errorHandler);
  app.get('/api/thing', async () => {
    throw error();
  });
  app.get('/page', { config: { page: true } }, async () => {
    throw error();
  });
  return app;
}

describe('the error handler while the database is away', () => {
  it('answers the API with 503 in the shop’s error format, in the request’s language', async () => {
    const shop = await appThrowing(refused);
    const response = await shop.inject({ url: '/api/thing', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'unavailable',
      messageKey: 'error.unavailable',
      message: 'The shop is unavailable for a moment. Please try again shortly.',
    });
  });

  it('answers a page with the 503 page, which reloads itself', async () => {
    const shop = await appThrowing(refused);
    const response = await shop.inject({ url: '/page', headers: { 'accept-language': 'de' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('<h1>Der Shop ist kurz nicht erreichbar</h1>');
    expect(response.body).toMatch(/<meta http-equiv="refresh" content="\d+">/);
  });

  it('still answers any other failure as the 500 it is', async () => {
    const shop = await appThrowing(() => new Error('a bug'));
    const response = await shop.inject({ url: '/api/thing' });
    expect(response.statusCode).toBe(500);
    expect(response.json().messageKey).toBe('error.unknown');
  });
});

/** The smallest build React Router serves: one route whose loader does what the test says. */
function buildWithLoader(loader: () => unknown, handleError?: ServerBuild['entry']['module']['handleError']): ServerBuild {
  return {
    entry: { module: { default: (_request, status, headers) => new Response(`rendered with ${status}`, { status, headers }), ...(handleError ? { handleError } : {}) } },
    routes: { root: { id: 'root', path: '', module: { default: () => null, ErrorBoundary: () => null, loader } } },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: { root: { id: 'root', path: '', module: '/root.js', hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasClientMiddleware: false, hasErrorBoundary: true, imports: [], css: [], clientActionModule: undefined, clientLoaderModule: undefined, clientMiddlewareModule: undefined, hydrateFallbackModule: undefined } },
      url: '/manifest.js',
      version: '1',
      hmr: undefined,
      sri: undefined,
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {} as ServerBuild['future'],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as ServerBuild;
}

describe('the pages’ notice of an unavailable database', () => {
  it('keeps a loader’s connection error for the request that met it, where React Router renders a 500', async () => {
    const error = refused();
    const pages = noticingUnavailableDatabase(buildWithLoader(() => Promise.reject(error)));
    const handle = createRequestHandler(pages.build, 'production');
    const context = new RouterContextProvider();
    const response = await handle(new Request('http://shop.test/'), context);
    expect(response.status).toBe(500);
    expect(pages.databaseErrorOf(context)).toBe(error);
    expect(pages.databaseErrorOf(new RouterContextProvider())).toBeUndefined();
  });

  it('leaves other errors to the build’s own error hook', async () => {
    const handleError = vi.fn();
    const bug = new Error('a bug');
    const pages = noticingUnavailableDatabase(buildWithLoader(() => Promise.reject(bug), handleError));
    const context = new RouterContextProvider();
    await createRequestHandler(pages.build, 'production')(new Request('http://shop.test/'), context);
    expect(pages.databaseErrorOf(context)).toBeUndefined();
    expect(handleError).toHaveBeenCalledWith(bug, expect.objectContaining({ context }));
  });
});
