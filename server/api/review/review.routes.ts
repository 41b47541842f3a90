import type { FastifyInstance } from 'fastify';
import { pathRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import { requireReviewer } from '../../modules/access/reviewers.ts';
import { reviewChangeSchema, reviewInputSchema, reviewListQuery } from '../../modules/reviews/review-input.ts';
import type { Services } from '../../services.ts';

// Product reviews (docs/product.md, Reviews):
//   POST /api/review                { productId, rating, title, text, name?, showCompany? } → 201 { data: Review }
//   PUT  /api/review/{id}           { rating, title, text, name?, showCompany? }            → { data: Review } (the author's own only)
//   GET  /api/material/{id}/reviews ?page=1&sort=newest|rating                              → { data: Review[], meta }
// Writing is for the buyers of a company; whoever else asks is refused before the body is read.

export default async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/review', async (request, reply) => {
    requireReviewer(request.ctx);
    const input = parseInput(reviewInputSchema, request.body);
    return reply.code(201).send({ data: await services.reviews.submit(request.ctx, input) });
  });

  app.put('/review/:id', async (request) => {
    requireReviewer(request.ctx);
    const id = pathRecordId(request.params, 'review.not_found');
    const change = parseInput(reviewChangeSchema, request.body);
    return { data: await services.reviews.update(request.ctx, id, change) };
  });

  app.get('/material/:id/reviews', async (request) => {
    const id = pathRecordId(request.params, 'error.product_not_found');
    const query = parseInput(reviewListQuery, request.query);
    return services.reviews.listForProduct(request.ctx, id, query);
  });
}
