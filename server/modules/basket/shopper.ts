import type { RequestContext, SessionIdentity } from '../../context.ts';
import { AppError } from '../../errors.ts';

// Cart and wishlist belong to signed-in customers only (spec section 6): the shared guest account
// gets a 403 whose message the browser answers with the login modal ("Login Required").
// Checked in the services, so route loaders calling them in process are held to it as well.

export type ShopperContext = RequestContext & { identity: SessionIdentity };

export function requireShopper(ctx: RequestContext): ShopperContext {
  if (!ctx.identity) throw new AppError('unauthorized', 'error.unauthorized');
  if (ctx.identity.role === 'guest') throw new AppError('forbidden', 'error.login_required');
  return ctx as ShopperContext;
}

/** A client may name the user it acts for; naming anyone but the signed-in user is refused. */
export function checkOwnUser(ctx: ShopperContext, userId: number | null | undefined): void {
  if (userId !== null && userId !== undefined && userId !== ctx.identity.userId) {
    throw new AppError('forbidden', 'error.foreign_user', { field: 'userId' });
  }
}
