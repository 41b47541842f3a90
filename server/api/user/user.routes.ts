import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { requireAccess } from '../../modules/access/access-policy.ts';
import { passwordChangeInputSchema } from '../../modules/users/password-change-input.ts';
import { profileInputSchema } from '../../modules/users/profile-input.ts';
import type { Services } from '../../services.ts';

// The signed-in user's own account (docs/product.md, Profile and address book):
//   GET  /api/user/currentUser                 → the session user
//   POST /api/user/currentUser                 { firstName?, lastName?, email?, phone?, locale?, stockMail? } → the session user
//   POST /api/user/changeCurrentUserPassword   { currentPassword, newPassword } → { token, userId }
// The shared guest reads its session user but changes nothing (403 error.login_required). A new password
// meets the password policy (core/password-policy.ts; 400 naming newPassword) and needs
// the current one (422 'password.current.wrong'); it ends every session of the user and answers a new one.

export default async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/user/currentUser', async (request) => {
    const { ctx } = request;
    return services.users.getSessionUser(ctx, request.authToken as string);
  });

  app.post('/user/currentUser', async (request) => {
    const { ctx } = request;
    const input = parseInput(profileInputSchema, request.body);
    return services.users.updateProfile(ctx, request.authToken as string, input);
  });

  app.post('/user/changeCurrentUserPassword', async (request) => {
    const ctx = requireAccess(request.ctx, 'accountUser');
    const body = parseInput(passwordChangeInputSchema, request.body);
    return services.auth.changePassword({ tenant: ctx.tenant, userId: ctx.identity.userId, ip: request.ip, ...body });
  });
}
