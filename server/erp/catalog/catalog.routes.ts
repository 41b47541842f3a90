import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translatorFor } from '../../i18n.ts';
import { categoryRow } from '../../modules/erp-catalog/category-row.ts';
import { productRow } from '../../modules/erp-catalog/product-row.ts';
import { rowsBody, upsertAnswer, upsertAnswerSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';

// PUT /erp/v1/categories and PUT /erp/v1/products: the ERP loads the catalogue (scope catalog:write).

export default async function catalogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/categories',
    {
      config: { erpScope: 'catalog:write' },
      schema: {
        tags: ['Catalogue'],
        summary: 'Create or update categories',
        description:
          'Up to 1,000 categories keyed by externalId. A parent may come in the same request, in any order, or be stored already; an unknown parent or one that would make a category its own ancestor fails that row. Categories are never deleted: `active: false` hides one with everything under it.',
        body: rowsBody(categoryRow),
        response: { 200: upsertAnswerSchema },
      },
    },
    async (request) => upsertAnswer(await services.erpCatalog.categories.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );

  routes.put(
    '/products',
    {
      config: { erpScope: 'catalog:write' },
      schema: {
        tags: ['Catalogue'],
        summary: 'Create or update products',
        description:
          'Up to 1,000 products keyed by sku, each filed under one category (categoryExternalId). A product created here has no price yet and shows in the shop once its list price is loaded through the prices route and it is active. Images and variants are replaced as a whole. Products are never deleted: `active: false` hides one.',
        body: rowsBody(productRow),
        response: { 200: upsertAnswerSchema },
      },
    },
    async (request) => upsertAnswer(await services.erpCatalog.products.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );
}
