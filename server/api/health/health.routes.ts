import type { FastifyInstance } from 'fastify';
import { checkDatabaseAnswers, type Database } from '../../db/database.ts';

export default async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  // Liveness: the process answers.
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Readiness: the database answers too; a load balancer sends traffic only then.
  app.get('/readyz', async (request, reply) => {
    try {
      await checkDatabaseAnswers(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
