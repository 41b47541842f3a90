import type { FastifyRequest } from 'fastify';
import type { RequestContext, SessionIdentity } from '../context.ts';
import { AppError } from '../errors.ts';

export type AuthenticatedContext = RequestContext & { identity: SessionIdentity };

/** Any signed-in user, the shared guest included. */
export function requireSession(request: FastifyRequest): AuthenticatedContext {
  if (!request.ctx.identity || !request.authToken) throw new AppError('unauthorized', 'error.unauthorized');
  return request.ctx as AuthenticatedContext;
}

/** A signed-in user who is not the shared guest (cart, wishlist, account). */
export function requireCustomerSession(request: FastifyRequest): AuthenticatedContext {
  const ctx = requireSession(request);
  if (ctx.identity.role === 'guest') throw new AppError('forbidden', 'error.forbidden');
  return ctx;
}
