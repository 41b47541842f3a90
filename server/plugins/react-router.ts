import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { appLoadContext, type PublicConfig } from '../../app/app-context.ts';
import { AppError } from '../errors.ts';
import { compressPage, preferredCoding } from '../http/content-encoding.ts';
import { catalogueFor } from '../i18n.ts';
import type { Services } from '../services.ts';
import { noticingUnavailableDatabase } from './page-database-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The pages' route: its errors are answered as pages where they have one (server/plugins/error-handler.ts). */
    page?: boolean;
  }
}

interface Options {
  services: Services;
  publicConfig: PublicConfig;
  dev: boolean;
  rootDir: string;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  });
}

// Pages are read (GET, HEAD) and their forms posted (POST); a Fetch Request cannot even carry TRACE or CONNECT.
const pageMethods = new Set(['GET', 'HEAD', 'POST']);
const allowHeader = [...pageMethods].join(', ');

/**
 * A page form posted from another site (sign out, language, sign in): browsers name the posting page's
 * origin, and a form of this shop is always posted from this shop's host.
 */
function isCrossSitePost(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

// Documents and the data of client-side navigations are text that shrinks to about a tenth; they are
// complete when React Router hands them over (nothing is deferred), so they are compressed whole.
const compressibleType = /^(text\/|application\/(json|javascript))/;
const minCompressBytes = 1024;

async function sendCompressed(request: FastifyRequest, reply: FastifyReply, response: Response) {
  const coding = preferredCoding(request.headers['accept-encoding']);
  const type = response.headers.get('content-type') ?? '';
  // A download (an export streamed batch by batch) goes out as it is made: compressing it whole would hold it in memory.
  const download = response.headers.get('content-disposition')?.startsWith('attachment') ?? false;
  if (!response.body || download || response.headers.has('content-encoding') || !compressibleType.test(type)) return reply.send(response);
  // Also when this client takes no compression: a shared cache must not hand its copy to others.
  reply.header('vary', 'accept-encoding');
  if (!coding) return reply.send(response);
  const body = Buffer.from(await response.arrayBuffer());
  reply.code(response.status);
  for (const [name, value] of response.headers) if (name !== 'content-length' && name !== 'set-cookie') reply.header(name, value);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (body.length < minCompressBytes) return reply.send(body);
  return reply.header('content-encoding', coding).send(await compressPage(body, coding));
}

// Serves every page: the React Router app renders on the server, then hydrates in the browser.
// In development Vite compiles on demand with HMR; in production the built bundle and assets are used.
export default async function reactRouterPlugin(app: FastifyInstance, options: Options) {
  const { services, publicConfig, dev, rootDir } = options;
  // Development reloads the build on every request (HMR); production hands over the build object once,
  // because a build *function* makes React Router derive its routes anew for each request.
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (dev) {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const clientDir = path.join(rootDir, 'build/client');
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (scripts/compress-assets.ts); they go to browsers that accept them.
      preCompressed: true,
      // Hashed asset names never change content, so browsers may keep them for a year.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(path.join(clientDir, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    build = (await import(pathToFileURL(path.join(rootDir, 'build/server/index.js')).href)) as ServerBuild;
  }

  const noticing = noticingUnavailableDatabase(build);
  const handle = createRequestHandler(noticing.build, dev ? 'development' : 'production');

  await app.register(async function pages(scope) {
    // Page forms are read by React Router from the raw stream; Fastify must leave bodies untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', { config: { page: true } }, async (request, reply) => {
      if (!pageMethods.has(request.method)) {
        reply.header('allow', allowHeader);
        throw new AppError('method_not_allowed', 'error.method_not_allowed');
      }
      if (isCrossSitePost(request)) throw new AppError('forbidden', 'error.cross_site_form');
      const context = new RouterContextProvider();
      context.set(appLoadContext, {
        services,
        ctx: request.ctx,
        authToken: request.authToken,
        cspNonce: request.cspNonce,
        clientIp: request.ip,
        translations: catalogueFor(request.ctx.locale),
        publicConfig,
      });
      const response = await handle(toFetchRequest(request, reply), context);
      const databaseError = noticing.databaseErrorOf(context);
      if (databaseError) throw databaseError;
      return sendCompressed(request, reply, response);
    });
  });
}
