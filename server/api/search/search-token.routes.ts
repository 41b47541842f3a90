import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

// GET /api/search/token: the external search engine's address and a tenant token
// for this buyer, or `{ error }` when the shop searches on its own (ADR 0009).
export default async function searchTokenRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/search/token', async (request, reply) => {
    const { ctx } = request;
    // A token is personal: no shared cache may keep it.
    void reply.header('cache-control', 'private, no-store');
    return services.searchEngine.tokenFor(ctx);
  });
}
