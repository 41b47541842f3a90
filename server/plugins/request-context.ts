import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { detectLocale, localeCookieName } from '../../core/locale.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { tokenFromAuthorization } from '../modules/auth/session-token.ts';
import type { Services } from '../services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** The session token this request presented (API: Authorization header; pages: the token cookie). */
    authToken: string | undefined;
  }
}

// The operator's routes: the load balancer's health checks and the metrics scrape, which must answer
// (a scrape reports what it could not read) even while the database is away.
const operatorRoutes = new Set(['/healthz', '/readyz', '/metrics']);

// Resolves tenant, language and signed-in identity once per request, before any route runs.
// The API authenticates only by header, so a cross-site form can never ride on the cookie.
export default fp(
  async function requestContext(app: FastifyInstance, options: { services: Services }) {
    const { services } = options;
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.decorateRequest('authToken', undefined);

    app.addHook('onRequest', async (request) => {
      const locale = detectLocale(request.cookies[localeCookieName], request.headers['accept-language']);
      // Set before anything can fail, so even an early error answers in the person's language.
      request.ctx = { tenant: { id: 0, slug: '' }, locale, identity: null };
      // These answer without a tenant; only these routes, never a page path that starts alike.
      if (operatorRoutes.has(request.routeOptions.url ?? '')) return;

      const tenant = await services.tenants.resolve(request.headers.host);
      if (!tenant) throw new AppError('not_found', 'login.unknown_tenant');
      request.ctx.tenant = tenant;
      // No session counts in the ERP API: its callers are API clients, whose tenant is their own, never the
      // host's (server/erp/erp-api.ts); the host's tenant above only frames an error page.
      if (request.url.startsWith('/erp/')) return;

      const isApi = request.url.startsWith('/api/');
      const token = isApi ? tokenFromAuthorization(request.headers.authorization) : request.cookies.token;
      if (token) {
        request.ctx.identity = await services.auth.authenticate(tenant, token);
        if (request.ctx.identity) request.authToken = token;
      }
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);
