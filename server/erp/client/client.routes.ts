import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erpScopes } from '../../modules/access/erp-access.ts';
import type { Services } from '../../services.ts';

// GET /erp/v1/client: who the key belongs to. The first call an integrator makes with a new key.

const clientAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tenant: z.string().meta({ description: 'The tenant (wholesaler) the client reads and changes; no other.' }),
    scopes: z.array(z.enum(erpScopes)),
  })
  .meta({ id: 'ApiClient', example: { id: 1, name: 'ERP', tenant: 'demo', scopes: ['catalog:write', 'orders:read'] } });

export default async function clientRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/client',
    {
      config: { erpScope: 'anyClient' },
      schema: {
        tags: ['API client'],
        summary: 'The API client of the key',
        description: 'Answers the client the key belongs to, its tenant and its scopes. Any valid key may ask.',
        response: { 200: clientAnswer },
      },
    },
    async (request) => {
      const { client, tenantId } = request.erp;
      return { id: client.id, name: client.name, tenant: await services.tenants.slugOf(tenantId), scopes: [...client.scopes].sort() };
    },
  );
}
