import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { maxListedNotifications } from '../../../core/stock-alarms.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// Stock notifications (docs/product.md, Stock alarms and notifications):
//   GET    /api/notification            → { data: { notViewed, viewed }, unreadNotificationCount }
//   POST   /api/notification/setViewed  { ids } → { data: { unreadNotificationCount } }
//   DELETE /api/notification            { ids } → { data: { deleted, unreadNotificationCount } }
//   GET    /api/notification/count      → { unreadNotificationCount, version }, ETag "<userId>-<companyId>-<version>";
//                                          304 without a body when If-None-Match names the current tag
// Ids of other users' or companies' notifications change nothing.

// Both lists together: the ids a client can show at once.
const idsBody = z.object({
  ids: z.array(recordId, { error: 'validation.invalid' }).min(1, 'validation.required').max(2 * maxListedNotifications, 'validation.too_many_items'),
});

export default async function notificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/notification', async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await services.notifications.listNotificationsJson(request.ctx));
  });

  app.post('/notification/setViewed', async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    return { data: await services.notifications.setViewed(request.ctx, ids) };
  });

  app.delete('/notification', async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    return { data: await services.notifications.deleteNotifications(request.ctx, ids) };
  });

  // The header asks after every navigation: nothing but a 304 when nothing changed.
  app.get('/notification/count', async (request, reply) => {
    const { etag, unreadNotificationCount, version } = await services.notifications.countNotifications(request.ctx);
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return { unreadNotificationCount, version };
  });
}
