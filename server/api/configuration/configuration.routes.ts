import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export default async function configurationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Public: the landing and login screens need logo, maintenance state and flags before anyone signs in.
  // Every page load asks for it: answered from a serialised copy, and with 304 when the client has it.
  app.get('/configuration', async (request, reply) => {
    const { json, etag } = await services.settings.getConfigurationJson(request.ctx);
    reply.header('etag', etag).header('vary', 'accept-language, cookie').header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
