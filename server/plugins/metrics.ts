import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import type { ShopMetrics } from '../modules/metrics/shop-metrics.ts';

// GET /metrics for Prometheus, outside /api (no part of the storefront's contract). Only with METRICS_TOKEN
// set, and then only for `Authorization: Bearer <token>`; without it the path answers like any unknown one
// and no request is measured.

interface Options {
  /** The app's metrics and the token a scraper sends (METRICS_TOKEN), or null: not set. */
  enabled: { metrics: ShopMetrics; token: string } | null;
}

/**
 * The `route` label: the pattern the request matched, so /api/material/7 and /api/material/8 are one series
 * and every page is the catch-all's `/*`. The build's files are one route each under hashed names that
 * change with every release: they are one `/assets/*`. A request no route matched is `unmatched`.
 */
export function routeLabelOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header carries the token; compared as digests, so neither its content nor its length shows in the time taken. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export default fp(
  async function metricsRoute(app: FastifyInstance, { enabled }: Options) {
    if (enabled) {
      const { metrics } = enabled;
      app.addHook('onResponse', (request, reply, done) => {
        metrics.observeRequest(routeLabelOf(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    }

    app.get('/metrics', async (request, reply) => {
      if (!enabled) return reply.callNotFound();
      const { metrics, token } = enabled;
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized', 'error.unauthorized');
      }
      const text = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
