import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// GET and POST /api/wishlist. Entries are product ids; anything else a client
// sends with them is dropped.

const maxWishlistItems = 1000;

const saveWishlistBody = z.object({
  _id: recordId.nullish(),
  userId: recordId.nullish(),
  items: z.array(z.object({ _id: recordId })).max(maxWishlistItems, 'validation.too_many_items'),
});

export default async function wishlistRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/wishlist', async (request) => {
    return services.wishlist.getWishlist(request.ctx);
  });

  app.post('/wishlist', async (request) => {
    const body = parseInput(saveWishlistBody, request.body);
    return services.wishlist.saveWishlist(request.ctx, body);
  });
}
