import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../context.ts';
import type { Services } from '../../services.ts';

export default async function shippingTypeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Only active methods can be chosen at checkout, so only they (and their countries) are offered.
  async function activeMethods(ctx: RequestContext) {
    const { shippingMethods } = await services.settings.getConfiguration(ctx);
    return shippingMethods.filter((method) => method.isActive);
  }

  app.get('/shippingType', async (request) => {
    const { ctx } = request;
    return { data: await activeMethods(ctx) };
  });

  app.get('/shippingType/countries', async (request) => {
    const { ctx } = request;
    const countries = (await activeMethods(ctx)).flatMap((method) => method.countries.map((country) => country.code));
    return { data: [...new Set(countries)].sort() };
  });
}
