import type { CatalogService } from '../catalog/catalog.service.ts';
import type { BuyerScope } from './buyer-products.repository.ts';
import type { SignedInContext } from '../access/access-policy.ts';

export type VisibilitySource = Pick<CatalogService, 'visibilityOf'>;

/** The buyer's company and the products they may see: a hidden product is as unknown here as in the catalogue. */
export async function buyerScopeOf(ctx: SignedInContext, catalog: VisibilitySource): Promise<BuyerScope> {
  return { ...(await catalog.visibilityOf(ctx)), companyId: ctx.identity.companyId };
}
