import type { FastifyInstance } from 'fastify';
import { pathRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';
import { categoryIdOf, categoryQuery, detailQuery, imageQuery, parseEngineHitsQuery, parseListQuery, parseSearchQuery } from './material-query.ts';
import { sendSerializedOnce } from './serialized-once.ts';

// The catalogue endpoints. Every one needs a session (the shared guest included)
// and answers in the request's language; the service applies tenant, company, deals and guest prices.

export default async function materialRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // The plain list leaves variants out (a page of 100 products can carry hundreds of them).
  app.get('/material', async (request, reply) => {
    const { ctx } = request;
    return sendSerializedOnce(reply, await services.catalog.listProducts(ctx, { ...parseListQuery(request.query), withVariants: false }));
  });

  app.get('/material/listMaterialWithVariants', async (request, reply) => {
    const { ctx } = request;
    return sendSerializedOnce(reply, await services.catalog.listProducts(ctx, { ...parseListQuery(request.query), withVariants: true }));
  });

  app.get('/material/search', async (request, reply) => {
    const { ctx } = request;
    return sendSerializedOnce(reply, await services.search.search(ctx, parseSearchQuery(request.query)));
  });

  // The companion of the external engine (ADR 0009): the browser found ids there and reads the
  // products here, with this buyer's prices and stock.
  app.get('/material/searchHits', async (request) => {
    const { ctx } = request;
    return services.search.engineHits(ctx, parseEngineHitsQuery(request.query));
  });

  app.get('/material/getSimilarMaterials', async (request) => {
    const { ctx } = request;
    return { data: await services.catalog.getSimilarProducts(ctx) };
  });

  app.get('/material/mainMaterialImage', async (request) => {
    const { ctx } = request;
    const { sku } = parseInput(imageQuery, request.query);
    return services.catalog.getMainImages(ctx, sku);
  });

  app.get('/material/getFilterableAttributes', async (request) => {
    const { ctx } = request;
    const { category } = parseInput(categoryQuery, request.query);
    return { data: await services.catalog.getFilterableAttributes(ctx, categoryIdOf(category)) };
  });

  app.get('/material/:id', async (request, reply) => {
    const { ctx } = request;
    const { sku } = parseInput(detailQuery, request.query);
    const id = pathRecordId(request.params, 'error.product_not_found');
    return sendSerializedOnce(reply, await services.catalog.getProductDetail(ctx, id, sku));
  });
}
