import type { FastifyInstance } from 'fastify';
import { checkDatabaseAnswers, type Database } from '../../db/database.ts';

// The load balancer checks every second and gives up on a check after a few: a database that does not
// answer by then counts as away, so the check never hangs on a connection that is still being opened.
const readinessTimeoutMs = 2_000;

function databaseAnswersInTime(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs);
  });
  return Promise.race([checkDatabaseAnswers(db), timeout]).finally(() => clearTimeout(timer));
}

// A load balancer asks every half second or so: its answers are not logged, only what goes wrong (warnings).
const quietChecks = { logLevel: 'warn' } as const;

export default async function healthRoutes(app: FastifyInstance, { db, isDraining }: { db: Database; isDraining: () => boolean }) {
  // Liveness: the process answers.
  app.get('/healthz', quietChecks, async () => ({ status: 'ok' }));

  // Readiness: the instance is not stopping and the database answers; a load balancer sends traffic only then.
  app.get('/readyz', quietChecks, async (request, reply) => {
    if (isDraining()) return reply.status(503).send({ status: 'draining' });
    try {
      await databaseAnswersInTime(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
