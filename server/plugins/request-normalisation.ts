import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasControlCharacters } from '../../core/input-text.ts';
import { safeRedirectPath } from '../../core/safe-redirect.ts';
import { AppError } from '../errors.ts';
import { refuseIfMalformed } from '../http/json-problems.ts';

// Requests are made well-formed here, before any route, page or service sees them: a class
// of malformed input is refused once, in one place, instead of surfacing as an exception deep inside
// React Router, a database driver or a file server.
//  - The Host must be a host name or address with an optional port that a URL can carry (pages build
//    absolute URLs from it: `new URL` throws on a port past 65535 or a malformed IPv6 address).
//  - The path must be valid percent-encoding without control characters once decoded.
//  - A path starting with "//" is sent to its single-slash form (React Router would read it as a host).
//  - Query values, route parameters and JSON bodies carry no control characters (multi-line text in
//    bodies keeps its line breaks), JSON nests at most 32 levels (server/http/json-problems.ts).

const hostPattern = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isWellFormedHost(host: string): boolean {
  return hostPattern.test(host) && URL.canParse(`http://${host}`);
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export default fp(
  async function requestNormalisation(app: FastifyInstance) {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isWellFormedHost(request.host ?? '')) throw new AppError('bad_request', 'error.bad_host');
      const path = pathOf(request.url);
      let decodedPath: string;
      try {
        decodedPath = decodeURIComponent(path);
      } catch {
        throw new AppError('bad_request', 'error.bad_url');
      }
      if (hasControlCharacters(decodedPath)) throw new AppError('bad_request', 'error.bad_url');
      if (path.startsWith('//')) {
        if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('not_found', 'error.route_not_found');
        const target = safeRedirectPath(`/${request.url.replace(/^\/+/, '')}`);
        return reply.redirect(target, 308);
      }
      refuseIfMalformed(request.query, false);
      refuseIfMalformed(request.params, false);
    });

    app.addHook('preValidation', async (request) => {
      refuseIfMalformed(request.body, true);
    });
  },
  { name: 'request-normalisation' },
);
