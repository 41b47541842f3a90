import type { CatalogService } from '../catalog/catalog.service.ts';
import type { BuyerScope } from './buyer-products.repository.ts';
import type { SignedInContext } from '../access/access-policy.ts';

export type VisibilitySource = Pick<CatalogService, 'visibilityOf' | 'buyerVatOf' | 'priceDay'>;

/**
 * The buyer's company, the products they may see, their VAT situation and the day of their prices: a
 * hidden product is as unknown here as in the catalogue, and a product's VAT rate and price are the catalogue's.
 */
export async function buyerScopeOf(ctx: SignedInContext, catalog: VisibilitySource): Promise<BuyerScope> {
  const [visibility, vat] = await Promise.all([catalog.visibilityOf(ctx), catalog.buyerVatOf(ctx)]);
  return { ...visibility, companyId: ctx.identity.companyId, vat, today: catalog.priceDay() };
}
