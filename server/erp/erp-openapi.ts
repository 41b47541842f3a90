import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { erpScopes } from '../modules/access/erp-access.ts';

// The ERP API's OpenAPI 3.1 document, generated from the routes' zod schemas: served at
// /erp/v1/openapi.json, shown at /erp/docs (Swagger UI from the package, no CDN), and kept as
// docs/erp-openapi.json (`npm run erp:openapi`), which a test compares, so a change to the contract shows in
// review. Only the /erp/v1 routes are in it; the storefront's /api routes are not (yet).

export const erpApiPrefix = '/erp/v1';
export const erpDocsPath = '/erp/docs';

const description = [
  'The ERP integration API: load the catalogue, prices, stock, customers and documents, and take the orders out.',
  'Every request sends `Authorization: Bearer <secret>` of an API client (`npm run api-client -- create`);',
  'each route needs one scope of the client. Errors answer `{statusCode, error, messageKey, message, field?}`.',
  'A walk from the first key to a full catalogue load: docs/erp-integration.md.',
].join(' ');

interface OpenApiDocument {
  paths?: unknown;
  components?: { schemas?: Record<string, object> };
}

/**
 * The document keeps only the component schemas its operations refer to: the zod registry holds every
 * schema with an id (and an input twin of each), most of which no operation of this API uses.
 */
function withoutUnusedSchemas<D extends OpenApiDocument>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const name = key === '$ref' && typeof child === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(child)?.[1] : undefined;
        if (name && !used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        } else visit(child);
      }
    }
  };
  visit(document.paths);
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } };
}

export async function registerErpOpenApi(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'B2B shop ERP integration API', version: options.version, description },
      servers: [{ url: '/', description: 'This shop' }],
      components: {
        securitySchemes: {
          apiClient: { type: 'http', scheme: 'bearer', description: `An API client's secret. Scopes: ${erpScopes.join(', ')}.` },
        },
      },
      security: [{ apiClient: [] }],
    },
    // Routes outside /erp/v1 (the storefront API, the pages, health) are left out of the document.
    transform: (input) => {
      if (!input.url.startsWith(`${erpApiPrefix}/`)) return { schema: { ...input.schema, hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: erpDocsPath,
    uiConfig: { url: `${erpApiPrefix}/openapi.json`, deepLinking: true, docExpansion: 'list' },
  });
}
