import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCustomerSession, requireSession } from '../../http/guards.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';

const changePasswordBody = z.object({
  newPassword: z
    .string()
    .min(10, 'validation.password_too_short')
    .max(200)
    .refine((value) => /[A-Za-z]/.test(value) && /[0-9]/.test(value), 'validation.password_too_weak'),
});

export default async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/user/currentUser', async (request) => {
    const ctx = requireSession(request);
    return services.users.getSessionUser(ctx, request.authToken as string);
  });

  app.post('/user/changeCurrentUserPassword', async (request) => {
    const ctx = requireCustomerSession(request);
    const body = parseInput(changePasswordBody, request.body);
    return services.auth.changePassword(ctx.tenant, ctx.identity.userId, body.newPassword);
  });
}
