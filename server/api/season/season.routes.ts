import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export default async function seasonRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // The pre-order seasons in season order, from the cached site configuration.
  app.get('/season', async (request) => {
    const { ctx } = request;
    const { seasons } = await services.settings.getConfiguration(ctx);
    return { data: seasons };
  });
}
