import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { resetMailInputSchema, resetPasswordInputSchema } from '../../modules/auth/password-reset-input.ts';
import type { Services } from '../../services.ts';

// Password reset by mail (the pages /forgot-password and /reset). No session needed:
// the tenant is the request's (its host), a session sent along changes nothing.
//   POST /api/user/sendResetPasswordEmail { email }              → { success: true } (mail queued)
//        404 'password_reset.email_unknown', 409 'password_reset.email_shared', 403 'login.blocked',
//        403 'password_reset.guest', 429 'password_reset.too_many_requests'; every answer but 429 takes
//        the same least time
//   POST /api/user/resetPassword { token, newPassword }          → { success: true, username }
//        400 under the password policy (naming newPassword), 422 'password_reset.token_invalid' for an
//        unknown, used or expired token, 429 beyond the guesses per address
// Rules and reasons: server/modules/auth/password-reset.service.ts.

export default async function passwordResetRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/user/sendResetPasswordEmail', async (request) => {
    const { email } = parseInput(resetMailInputSchema, request.body);
    return services.passwordReset.requestReset({ tenant: request.ctx.tenant, email, ip: request.ip, locale: request.ctx.locale });
  });

  app.post('/user/resetPassword', async (request) => {
    const body = parseInput(resetPasswordInputSchema, request.body);
    return services.passwordReset.resetPassword({ tenant: request.ctx.tenant, token: body.token, newPassword: body.newPassword, ip: request.ip });
  });
}
