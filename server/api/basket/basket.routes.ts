import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { basketLineLimit } from '../../../core/cart-state.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// GET and POST /api/basket (ADR 0006). The client sends identities and quantities; every
// other field it may send (price, stock, name …) is dropped here and recomputed by the service.

/** Far above any real order, low enough that sums of quantities × cents stay exact integers. */
const maxQuantity = 1_000_000;

const quantity = z
  .number()
  .int('validation.whole_number')
  .min(0, 'validation.negative')
  .max(maxQuantity, 'validation.too_large');

const sku = z.string().trim().min(1).max(100);

const lineFields = {
  _id: recordId,
  sku,
  // An empty variant sku is how some clients say "no variant".
  variantSku: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value || undefined),
  customAttributes: z
    .record(z.string().max(100), z.string().max(500))
    .refine((value) => Object.keys(value).length <= 30, 'validation.too_many_items')
    .nullish(),
  packs: z
    .array(z.object({ quantity, size: z.number().int().min(1).max(maxQuantity) }))
    .max(50, 'validation.too_many_items')
    .nullish(),
};

const line = z.discriminatedUnion('orderType', [
  z.object({ ...lineFields, orderType: z.literal('order'), quantity }),
  z.object({ ...lineFields, orderType: z.literal('preOrder'), quantities: z.array(quantity).max(24, 'validation.too_many_seasons') }),
]);

const saveBasketBody = z.object({
  _id: recordId.nullish(),
  userId: recordId.nullish(),
  items: z.array(line).max(basketLineLimit, 'validation.too_many_items'),
});

export default async function basketRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/basket', async (request) => {
    return services.basket.getBasket(request.ctx);
  });

  app.post('/basket', async (request) => {
    const body = parseInput(saveBasketBody, request.body);
    return services.basket.saveBasket(request.ctx, body);
  });
}
