import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { signupInputSchema } from '../../modules/signup/signup-input.ts';
import type { Services } from '../../services.ts';

// A request for a customer account (docs/product.md, Signup), without a session:
//   POST /api/user/requestAccount  { companyName, vatId?, customerNo?, street, zipCode, city, countryCode,
//                                    firstName, lastName, email, phone?, message?, privacyAccepted: true }
//   → 201 { status: 'received' }
// 400 naming the field (server/modules/signup/signup-input.ts), 403 'signup.blocked', 409
// 'signup.error.account_exists' / 'signup.error.duplicate', 429 'signup.too_many_requests'
// (server/modules/signup/signup.service.ts). The request's language is the page's (cookie, then browser).

export default async function signupRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/user/requestAccount', async (request, reply) => {
    const input = parseInput(signupInputSchema, request.body);
    const answer = await services.signup.requestAccount(request.ctx, input, request.ip);
    return reply.status(201).send(answer);
  });
}
