import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

const loginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  tenant: z.string().trim().min(1).max(100).optional(),
});

const welcomeQuery = z.object({ tenant: z.string().trim().min(1).max(100).optional() });

export default async function loginRoutes(app: FastifyInstance, { services }: { services: Services }) {
  async function tenantOf(slug: string | undefined, fallback: { id: number; slug: string }) {
    if (!slug) return fallback;
    const tenant = await services.tenants.findBySlug(slug);
    if (!tenant) throw new AppError('not_found', 'login.unknown_tenant', { field: 'tenant' });
    return tenant;
  }

  app.post('/login', async (request) => {
    const body = parseInput(loginBody, request.body);
    const tenant = await tenantOf(body.tenant, request.ctx.tenant);
    return services.auth.login({ tenant, username: body.username, password: body.password, ip: request.ip });
  });

  app.post('/logout', async (request, reply) => {
    const { ctx } = request;
    await services.auth.logout(ctx.tenant, request.authToken as string);
    return reply.status(204).send();
  });

  app.get('/login/welcome', async (request) => {
    const query = parseInput(welcomeQuery, request.query);
    const tenant = await tenantOf(query.tenant, request.ctx.tenant);
    const company = await services.settings.getSellerCompany(tenant.id);
    return {
      name: company.name,
      address: company.address,
      city: company.city,
      postCode: company.postCode,
      phone: company.phone,
      email: company.email,
      country: company.country,
      logo: company.logo,
      maintenanceModeActive: company.maintenanceModeActive,
    };
  });
}
