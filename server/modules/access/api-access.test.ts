import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionIdentity } from '../../context.ts';
import errorHandler from '../../plugins/error-handler.ts';
import apiAccess from './api-access.ts';

// The API scope's hook: a route without a declared requirement stops the app at start; a caller who
// does not meet the route's requirement is refused before the handler runs.

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An API scope like the app's, with a caller of the given identity on every request. */
async function apiWith(identity: SessionIdentity | null, routes: (scope: FastifyInstance) => void) {
  app = Fastify();
  await app.register(errorHandler);
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('ctx', null as never);
        instance.addHook('onRequest', async (request) => {
          request.ctx = { tenant: { id: 1, slug: 'demo' }, locale: 'de', identity };
        });
      },
      { name: 'request-context' },
    ),
  );
  await app.register(
    async (scope) => {
      await scope.register(apiAccess);
      routes(scope);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const guest: SessionIdentity = { sessionId: 1, userId: 2, role: 'guest', companyId: 10 };
const customer: SessionIdentity = { sessionId: 1, userId: 3, role: 'customer', companyId: 10 };

describe('the API access hook', () => {
  it('stops the app at start for a route that declares no requirement', async () => {
    await expect(apiWith(customer, (scope) => scope.get('/added-tomorrow', async () => ({})))).rejects.toThrow('GET /api/added-tomorrow has no access requirement');
  });

  it('refuses before the handler runs, in the policy’s words', async () => {
    let handled = 0;
    const routes = (scope: FastifyInstance) => scope.post('/basket', async () => ({ handled: ++handled }));
    const asGuest = await apiWith(guest, routes);
    const refused = await asGuest.inject({ method: 'POST', url: '/api/basket', payload: 'not json', headers: { 'content-type': 'application/json' } });
    expect([refused.statusCode, refused.json().messageKey, handled]).toEqual([403, 'error.login_required', 0]);
    await asGuest.close();
    const asCustomer = await apiWith(customer, routes);
    expect((await asCustomer.inject({ method: 'POST', url: '/api/basket', payload: {} })).json()).toEqual({ handled: 1 });
  });
});
