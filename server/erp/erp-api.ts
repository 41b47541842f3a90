import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { parseInput } from '../http/validation.ts';
import { requireScope, unknownApiKey, type ErpContext, type ErpScope } from '../modules/access/erp-access.ts';
import { createInFlightLimit } from '../modules/erp/in-flight-limit.ts';
import { isRowsBody } from '../modules/erp/row-results.ts';
import { rowsRefusal, SentRowsText } from '../modules/erp/sent-rows.ts';
import type { Services } from '../services.ts';
import { ndjsonContentType, parseNdjson } from './ndjson.ts';
import { documentedRefusals, operationIdOf } from './erp-route-docs.ts';

// The ERP integration API under /erp/v1 (docs/erp-integration.md): the wholesaler's programs, each an API
// client with scopes (server/modules/access/erp-access.ts), load the catalogue, prices, stock, customers
// and documents and take the orders out. In this scope, in order, for every request:
//   1. the route's scope: every route names one in `config.erpScope` (a route without one stops the app
//      at start), 'public' for the OpenAPI document, 'anyClient' for paths no route has, 'jobType' for the
//      load jobs, whose scope is their type's (the route checks it: server/modules/erp-jobs/job-types.ts);
//   2. the key (`Authorization: Bearer <secret>`): 401 'api.key.invalid' for none, an unknown, expired or
//      revoked one; a storefront session is no key;
//   3. the scope: 403 'api.scope.missing' naming it;
//   4. at most four requests of one client at a time: 429 with Retry-After beyond;
// all before the body is read. Then the body: JSON or NDJSON, checked against the route's zod schema (an
// upsert's rows one by one, by its service; a JSON body of rows is read and checked on the thread that
// writes them, server/modules/erp/sent-rows.ts), and the same zod schemas make the OpenAPI document.

/** What an ERP route needs of its caller. */
export type ErpRouteAccess = ErpScope | 'public' | 'anyClient' | 'jobType';

declare module 'fastify' {
  interface FastifyContextConfig {
    erpScope?: ErpRouteAccess;
  }
  interface FastifyRequest {
    /** The API client of an ERP request (set for every /erp/v1 route but the public ones). */
    erp: ErpContext;
  }
}

/** A PUT of 1,000 product rows with their variants and texts is a few MB; larger loads go through jobs. */
export const erpBodyLimit = 16 * 1024 * 1024;

/**
 * Fastify writes `statusCode` onto a validation error it is handed; an AppError derives its status from its
 * code (a getter), so the refusal gets an own, writable copy of it (else the write throws and no answer goes out).
 */
function refusal(error: Error): { error: Error } {
  Object.defineProperty(error, 'statusCode', { value: (error as Partial<AppError>).statusCode ?? 400, writable: true, configurable: true });
  return { error };
}

/** Request input is checked like everywhere in the shop: a 400 naming the field and a message key. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    if (isRowsBody(schema)) {
      // A JSON body's rows are read and checked where they are written (sent-rows.ts).
      if (data instanceof SentRowsText) return { value: data };
      const refused = rowsRefusal(data);
      return refused ? refusal(refused) : { value: data };
    }
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      return refusal(error as Error);
    }
  };

export type ErpRoutes = (scope: FastifyInstance, options: { services: Services }) => Promise<void>;

export function erpApi(routeModules: readonly ErpRoutes[]) {
  return async function erpApiScope(scope: FastifyInstance, { services }: { services: Services }) {
    const inFlight = createInFlightLimit();
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    scope.decorateRequest('erp', null as unknown as ErpContext);
    // A load's JSON rows stay text here and are read on the thread that writes them (sent-rows.ts); every
    // other JSON body is read as everywhere in the shop.
    const readJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: erpBodyLimit }, (request, body, done) => {
      if (isRowsBody(request.routeOptions.schema?.body)) done(null, new SentRowsText(body as string));
      else readJson(request, body as string, done);
    });
    scope.addContentTypeParser(ndjsonContentType, { parseAs: 'string', bodyLimit: erpBodyLimit }, (_request, body, done) => {
      try {
        done(null, parseNdjson(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    scope.addHook('onRoute', (route) => {
      if (!route.config?.erpScope) throw new Error(`The ERP route ${String(route.method)} ${route.url} names no scope (config.erpScope).`);
      route.bodyLimit ??= erpBodyLimit;
      const schema = route.schema as (typeof route.schema & { hide?: boolean; operationId?: string }) | undefined;
      if (schema && !schema.hide) {
        schema.operationId ??= operationIdOf(String(route.method), route.url);
        schema.response = { ...documentedRefusals(route.config.erpScope, schema), ...(schema.response as object) };
      }
    });

    scope.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.erpScope;
      if (access === 'public') return;
      const ctx = await services.apiClients.authenticate(request.headers.authorization);
      if (!ctx) throw unknownApiKey();
      request.erp = ctx;
      if (access && access !== 'anyClient' && access !== 'jobType') requireScope(ctx, access);
      const release = inFlight.enter(ctx.client.id);
      if (!release) {
        reply.header('retry-after', '1');
        throw new AppError('too_many_requests', 'api.too_many_in_flight');
      }
      // 'close' comes once the answer is sent or the client went away, whichever is first.
      reply.raw.once('close', release);
    });

    for (const routes of routeModules) await scope.register(routes, { services });

    scope.get('/openapi.json', { config: { erpScope: 'public' }, schema: { hide: true } }, async () => scope.swagger());
    scope.all('/*', { config: { erpScope: 'anyClient' }, schema: { hide: true } }, async () => {
      throw new AppError('not_found', 'error.route_not_found');
    });
  };
}
