import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export default async function materialCategoryRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Main, deal and sub categories in one list; the client tells them apart by parent and isDeal.
  app.get('/materialCategory', async (request) => {
    const { ctx } = request;
    return { data: await services.catalog.listCategories(ctx) };
  });
}
