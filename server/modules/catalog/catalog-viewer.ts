import { buyerVatOf, vatTableEntry, type BuyerVat } from '../../../core/tax-conversion.ts';
import { shopToday } from '../../../core/shop-day.ts';
import type { Caches } from '../../cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isGuest, requireAccess } from '../access/access-policy.ts';
import type { Configuration, SettingsService } from '../settings/settings.service.ts';
import type { BuyerAccountRow, CatalogBuyerRepository } from './catalog-buyer.repository.ts';
import { buildCategoryTree, type CategoryTree } from './category-tree.ts';
import type { CategoryRepository } from './category.repository.ts';
import type { PricedViewer } from './product-loader.ts';

// Who is looking at the catalogue, and which categories they may see. Every catalogue call needs
// both, and a page render makes several calls: the account and the category tree are kept a few
// seconds (like the site settings), so several app processes agree again shortly after a change.

export interface CatalogViewer extends PricedViewer {
  /** The account has deals (users.is_deal): deal categories and their products are visible. */
  showDeals: boolean;
}

export interface CatalogViewerDependencies {
  buyers: CatalogBuyerRepository;
  categories: CategoryRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
  /** The app's clock: which customer and tier prices apply is a matter of the shop day. */
  clock: Clock;
}

/** The VAT situation of a buyer whose company has `vatCountryCode`, under the configuration's seller country and VAT table. */
export function buyerVatUnder(configuration: Pick<Configuration, 'company' | 'vatTable'>, vatCountryCode: string | null): BuyerVat {
  return buyerVatOf(configuration.company.country.code, vatCountryCode, configuration.vatTable.map(vatTableEntry));
}

export function createCatalogViewers(deps: CatalogViewerDependencies, caches: Caches) {
  const accounts = caches.shared<BuyerAccountRow | undefined>(10_000);
  const trees = caches.shared<CategoryTree>();

  return {
    async viewerOf(ctx: RequestContext): Promise<CatalogViewer> {
      const { identity } = requireAccess(ctx, 'signedIn');
      const key = `${ctx.tenant.id}:${identity.userId}:${identity.companyId ?? ''}`;
      const [account, configuration] = await Promise.all([
        accounts.get(key, () => deps.buyers.findBuyerAccount(ctx.tenant.id, identity.userId, identity.companyId)),
        deps.settings.getConfiguration(ctx),
      ]);
      if (!account) throw new AppError('unauthorized', 'error.unauthorized');
      return {
        tenantId: ctx.tenant.id,
        companyId: identity.companyId,
        locale: ctx.locale,
        showDeals: account.is_deal === 1,
        showPrices: !(isGuest(identity) && configuration.hidePricesForGuests),
        isGrossPrice: account.show_net_prices === 0,
        vat: buyerVatUnder(configuration, account.vat_country_code),
        today: shopToday(deps.clock.now()),
      };
    },

    treeFor(viewer: CatalogViewer): Promise<CategoryTree> {
      return trees.get(`${viewer.tenantId}:${viewer.showDeals}`, async () =>
        buildCategoryTree(await deps.categories.listCategories(viewer.tenantId), viewer.showDeals),
      );
    },

    /**
     * What makes two viewers see the same catalogue answers: tenant, language, deals, price display,
     * the buyer's VAT situation (buyerVatOf: country and the table rows that convert to it) and, when
     * prices are shown, the company whose customer and tier prices apply and the shop day that says which
     * of them are valid: an answer kept over midnight is not given on the new day.
     */
    keyOf(viewer: CatalogViewer): string {
      const prices = viewer.showPrices ? [viewer.companyId, viewer.today] : null;
      return JSON.stringify([viewer.tenantId, viewer.locale, viewer.showDeals, viewer.showPrices, viewer.isGrossPrice, viewer.vat, prices]);
    },

    clear(): void {
      accounts.clear();
      trees.clear();
    },
  };
}

export type CatalogViewers = ReturnType<typeof createCatalogViewers>;
