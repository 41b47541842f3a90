import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

const eventBody = z.object({
  type: z.literal('page_view', { error: 'validation.unknown_event_type' }),
  data: z.object({
    path: z.string().min(1).max(2048).startsWith('/'),
    user_agent: z.string().max(1024).default(''),
  }),
});

export default async function statisticsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Open to visitors who are not signed in yet: the landing page counts too.
  app.post('/statistics/event', async (request, reply) => {
    const body = parseInput(eventBody, request.body);
    await services.statistics.recordPageView(request.ctx, { path: body.data.path, userAgent: body.data.user_agent });
    return reply.status(204).send();
  });
}
