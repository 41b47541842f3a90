import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

// GET /api/lookup?lookupName=
//   vatConversionTable → { data: [{ countryCode, taxCategory, rate }] }
//   paymentType        → { data: [{ _id, code, translatedName }] }, the methods GET /api/configuration offers,
//                        by the same `_id` an order names as paymentMethodId
//   salesHeadStatus    → { data: [{ id, name, localizations }] }
const lookupQuery = z.object({
  lookupName: z.enum(['vatConversionTable', 'paymentType', 'salesHeadStatus'], { error: 'validation.unknown_lookup' }),
});

export default async function lookupRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/lookup', async (request) => {
    const { ctx } = request;
    const { lookupName } = parseInput(lookupQuery, request.query);
    switch (lookupName) {
      case 'vatConversionTable':
        return { data: await services.settings.getVatConversionTable(ctx.tenant.id) };
      case 'paymentType':
        return { data: await services.settings.listPaymentTypes(ctx.tenant.id, ctx.locale) };
      case 'salesHeadStatus':
        return { data: await services.settings.listOrderStatuses(ctx.tenant.id, ctx.locale) };
    }
  });
}
