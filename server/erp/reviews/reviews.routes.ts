import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moderationStatuses, reviewLimits, reviewStatuses } from '../../../core/reviews.ts';
import type { Services } from '../../services.ts';

// The buyers' product reviews for the seller (docs/erp-integration.md, Reviews):
//   GET /erp/v1/reviews?after={next}&limit=  every review written or changed after the position the ERP
//       kept, whatever its status, in the order of their positions (scope reviews:read);
//   PUT /erp/v1/reviews/{id} {status?, reply?}  publishes, hides or answers one (scope reviews:write).

export const maxReviewsPerPage = 500;

const feedQuery = z.object({
  after: z.coerce.number().int().min(0).default(0).meta({ description: 'The position to continue from: `next` of the previous answer (0 at first).' }),
  limit: z.coerce.number().int().min(1).max(maxReviewsPerPage).default(100),
});

const reply = z
  .object({
    text: z.string(),
    repliedAt: z.string().meta({ description: 'When the reply was given or last changed (ISO 8601, UTC).' }),
  })
  .meta({ id: 'ReviewReply' });

const review = z
  .object({
    id: z.number().int(),
    seq: z.number().int().meta({ description: 'Its position in the feed: every write of a review of the shop gives it the next one.' }),
    sku: z.string().meta({ description: 'The product\'s sku (a review of a variant is the product\'s).' }),
    userId: z.number().int().meta({ description: 'The author\'s user id in the shop.' }),
    username: z.string(),
    customerNo: z.string().meta({ description: 'The customer number of the company the author bought for.' }),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    text: z.string().meta({ description: 'Plain text of several lines, as the author typed it (never HTML).' }),
    name: z.string().nullable().meta({ description: 'The display name the author chose; null: none.' }),
    showCompany: z.boolean().meta({ description: 'Whether the company\'s name is shown with the review.' }),
    language: z.enum(['de', 'en']).meta({ description: 'The language the author wrote in.' }),
    status: z.enum(reviewStatuses).meta({ description: 'published (shown and counted), pending (waits for approval), hidden.' }),
    reply: reply.nullable(),
    createdAt: z.string(),
    updatedAt: z.string().nullable().meta({ description: 'When the author last changed it; null when never.' }),
  })
  .meta({
    id: 'Review',
    example: {
      id: 41,
      seq: 118,
      sku: 'MAT-000123',
      userId: 7,
      username: 'customer',
      customerNo: '10001',
      rating: 4,
      title: 'Solide Qualität',
      text: 'Gut verarbeitet, schnell geliefert.',
      name: 'Petra M.',
      showCompany: true,
      language: 'de',
      status: 'pending',
      reply: null,
      createdAt: '2026-11-26T09:14:03.120Z',
      updatedAt: null,
    },
  });

const feedAnswer = z
  .object({
    data: z.array(review),
    next: z.number().int().meta({ description: 'Send as `after` next time: the last review\'s position, or `after` when there was none.' }),
  })
  .meta({ id: 'ReviewPage' });

const moderation = z
  .strictObject({
    status: z.enum(moderationStatuses).optional().meta({ description: 'published shows the review and counts it in the product\'s rating; hidden takes it away.' }),
    reply: z
      .string()
      .trim()
      .min(1)
      .max(reviewLimits.reply)
      .refine((text) => text.isWellFormed(), 'validation.invalid')
      .nullable()
      .optional()
      .meta({ description: 'The seller\'s answer, plain text of several lines, shown under the review; null removes it.' }),
  })
  .meta({ id: 'ReviewModeration', description: 'What to change; a field left out stays as it is.', example: { status: 'published', reply: 'Vielen Dank für Ihre Bewertung!' } });

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export default async function erpReviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/reviews',
    {
      config: { erpScope: 'reviews:read' },
      schema: {
        tags: ['Reviews'],
        summary: 'The reviews feed',
        description:
          'Reviews written or changed (by their author or by moderation) after the position `after`, whatever their status, in position ' +
          'order, at most `limit` (default 100, at most 500). A review changed again comes again, at its new position. Positions are taken ' +
          'in the order the changes commit: keep `next` and no change is missed.',
        querystring: feedQuery,
        response: { 200: feedAnswer },
      },
    },
    (request) => services.reviewModeration.feed(request.erp, request.query),
  );
  routes.put(
    '/reviews/:id',
    {
      config: { erpScope: 'reviews:write' },
      schema: {
        tags: ['Reviews'],
        summary: 'Publish, hide or answer a review',
        description:
          'Sets the review\'s status and reply; the product\'s rating follows at once. What changes nothing writes nothing. Another ' +
          'shop\'s review answers 404 like an unknown one.',
        params: idParams,
        body: moderation,
        response: { 200: review },
      },
    },
    (request) => services.reviewModeration.moderate(request.erp, request.params.id, request.body),
  );
}
