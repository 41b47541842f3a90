import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** A per-request nonce that the server render puts on its inline scripts (pages only). */
    cspNonce: string;
  }
}

// The usual hardening headers, set in one hook on every answer (cheaper than a header per hook).
const staticHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

// JSON answers are never rendered as documents: nothing may load or frame them.
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

function pagePolicy(nonce: string, connectSources: readonly string[], formTargets: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (positioning by the dialog and tooltip primitives) cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    // Heroes and banners from the settings may point to the wholesaler's own image host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // The header search asks an external search engine directly when the shop has one (ADR 0009).
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    // Placing an order paid online redirects the checkout form to the provider's hosted page.
    ["form-action 'self'", ...formTargets].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

export default fp(
  async function securityHeaders(app: FastifyInstance, options: { enforceCsp: boolean; connectSources: readonly string[]; formTargets: readonly string[] }) {
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(staticHeaders);
      // The request id in the answer lets support find a customer's request in the log.
      reply.header('x-request-id', request.id);
      if (request.url.startsWith('/api/') || request.url.startsWith('/erp/v1/')) {
        reply.header('content-security-policy', apiPolicy);
      } else {
        request.cspNonce = randomBytes(16).toString('base64');
        // In development Vite injects its own inline scripts and a websocket; the policy applies to builds.
        if (options.enforceCsp) reply.header('content-security-policy', pagePolicy(request.cspNonce, options.connectSources, options.formTargets));
      }
      done();
    });
  },
  { name: 'security-headers' },
);
