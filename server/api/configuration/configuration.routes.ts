import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export default async function configurationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Public: the landing and login screens need logo, maintenance state and flags before anyone signs in.
  app.get('/configuration', (request) => services.settings.getConfiguration(request.ctx));
}
