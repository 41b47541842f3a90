import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** A per-request nonce that the server render puts on its inline scripts. */
    cspNonce: string;
  }
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (positioning by the dialog and tooltip primitives) cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    // Heroes and banners from the settings may point to the wholesaler's own image host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default fp(
  async function securityHeaders(app: FastifyInstance, options: { enforceCsp: boolean }) {
    // Helmet sets the other headers; the CSP is ours because its script nonce must reach the render.
    await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', async (request) => {
      request.cspNonce = randomBytes(16).toString('base64');
    });
    // In development Vite injects its own inline scripts and a websocket; the policy applies to builds.
    if (!options.enforceCsp) return;
    app.addHook('onSend', async (request, reply) => {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce));
    });
  },
  { name: 'security-headers' },
);
