import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { companyUserIdSchema, companyUserInputSchema } from '../../modules/company-users/company-user-input.ts';
import type { Services } from '../../services.ts';

// A customer admin's users (docs/product.md, Company users), rules in company-users.service.ts:
//   GET  /api/user/companyUsers        → { data: [{ _id, fullName, firstName, lastName, email, username, phone,
//                                          active, locked, customerAdmin, lastLoginAt, invitationPending }] }
//   POST /api/user/saveCompanyUser     { _id?, firstName, lastName, email, username, phone?, active, locked,
//                                        customerAdmin } → { data: user }
//   POST /api/user/inviteCompanyUser   { _id } → 204, the invitation mail again
//   POST /api/user/sendCompanyUserPasswordReset  { _id } → 204, the password reset mail to that user
// (POST /api/user/sendResetPasswordEmail {email} is the forgotten-password form's: an address may belong to
// several accounts, so the admin names the user by id here.)
// Who may call comes before what is sent: a caller who is no customer admin gets 403 whatever the body.

export default async function companyUserRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/user/companyUsers', async (request) => services.companyUsers.list(request.ctx));

  app.post('/user/saveCompanyUser', async (request) => {
    const { ctx } = request;
    await services.companyUsers.checkAccess(ctx);
    return services.companyUsers.save(ctx, parseInput(companyUserInputSchema, request.body));
  });

  app.post('/user/inviteCompanyUser', async (request, reply) => {
    const { ctx } = request;
    await services.companyUsers.checkAccess(ctx);
    await services.companyUsers.inviteAgain(ctx, parseInput(companyUserIdSchema, request.body)._id);
    return reply.status(204).send();
  });

  app.post('/user/sendCompanyUserPasswordReset', async (request, reply) => {
    const { ctx } = request;
    await services.companyUsers.checkAccess(ctx);
    await services.companyUsers.sendPasswordReset(ctx, parseInput(companyUserIdSchema, request.body)._id);
    return reply.status(204).send();
  });
}
