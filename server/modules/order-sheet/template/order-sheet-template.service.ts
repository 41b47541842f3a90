import { localizedName } from '../../../../core/locale.ts';
import type { OrderType } from '../../../../core/catalog-types.ts';
import { orderSheetMaxRowsRead } from '../../../../core/order-sheet-limits.ts';
import { formatShopDateNumeric } from '../../../../core/shop-date-format.ts';
import { shopToday } from '../../../../core/shop-day.ts';
import type { RequestContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { translatorFor } from '../../../i18n.ts';
import type { Clock } from '../../../lib/clock.ts';
import { requireAccess, seesStockNumbers, type SignedInContext } from '../../access/access-policy.ts';
import { groupBuyerProducts, type BuyerProduct } from '../../basket/buyer-products.ts';
import type { BuyerProductsRepository } from '../../basket/buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from '../../basket/buyer-scope.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { keyRows, sheetKeysVersion, type SheetKeys } from './sheet-keys.ts';
import type { SigningKeyRepository } from './signing-key.repository.ts';
import type { TemplateProductsRepository } from './template-products.repository.ts';
import { templateRows, type TemplateRow } from './template-rows.ts';
import type { TemplateWriter } from './template-writer.ts';
import { columnLetter, templateColumns } from './write-template.ts';

// GET /api/orderSheet/template (docs/product.md, Order sheets: the personalised sheet; ADR 0026): an XLSX order
// sheet made for this buyer, of a category, of everything they may see, or of what their company bought in the
// last twelve months with the last quantities filled in. The upload reader reads at most 5,000 rows, so a sheet
// lists at most 4,998 items (the header above, a line saying the sheet is cut below).

export type TemplateScope = 'category' | 'assortment' | 'bought';

export interface TemplateRequest {
  scope: TemplateScope;
  categoryId: number | null;
  type: OrderType;
}

export interface TemplateDeps {
  catalog: VisibilitySource & Pick<CatalogService, 'categoryListingIds' | 'showsGrossPrices'>;
  products: BuyerProductsRepository;
  templateProducts: TemplateProductsRepository;
  signingKeys: SigningKeyRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
  writer: Pick<TemplateWriter, 'write'>;
  clock: Clock;
}

/** The most items a sheet lists: the reader's rows less the header and the line saying the sheet is cut. */
export const templateMaxItems = orderSheetMaxRowsRead - 2;

/** How far back a `bought` sheet looks. */
const boughtMonths = 12;

/** Order lines a `bought` sheet reads at most: far more than a year of any customer's orders. */
const boughtLinesRead = 200_000;

/** Far below both engines' limits of bound parameters per statement. */
const chunkSize = 2_000;

export interface TemplateFile {
  fileName: string;
  bytes: Buffer;
}

export function createOrderSheetTemplate(deps: TemplateDeps) {
  async function buyerProducts(ctx: SignedInContext, ids: readonly number[]): Promise<BuyerProduct[]> {
    const scope = await buyerScopeOf(ctx, deps.catalog);
    const found: BuyerProduct[] = [];
    for (let start = 0; start < ids.length; start += chunkSize) {
      const rows = await deps.products.find(scope, { by: 'id', ids: ids.slice(start, start + chunkSize) }, 'all');
      found.push(...groupBuyerProducts(rows, ctx.locale, scope).values());
    }
    return found;
  }

  return async function makeTemplate(requestCtx: RequestContext, request: TemplateRequest): Promise<TemplateFile> {
    const ctx = requireAccess(requestCtx, 'buyer');
    const now = deps.clock.now();
    const [visibility, configuration, showsGross] = await Promise.all([
      deps.catalog.visibilityOf(ctx),
      deps.settings.getConfiguration(ctx),
      deps.catalog.showsGrossPrices(ctx),
    ]);

    let ids: number[];
    let bought;
    if (request.scope === 'bought') {
      if (ctx.identity.companyId === null) throw new AppError('forbidden', 'orderSheet.template.noCompany');
      const since = new Date(now);
      since.setUTCMonth(since.getUTCMonth() - boughtMonths);
      bought = await deps.templateProducts.boughtLines(visibility, ctx.identity.companyId, request.type, since.toISOString(), boughtLinesRead);
      ids = [...new Set(bought.map((line) => line.product_id))];
    } else {
      const categoryIds = request.scope === 'category' ? await deps.catalog.categoryListingIds(ctx, request.categoryId!) : null;
      ids = await deps.templateProducts.productIds(visibility, categoryIds, templateMaxItems + 1);
    }

    const [products, units] = await Promise.all([buyerProducts(ctx, ids), deps.templateProducts.salesUnits(ctx.tenant.id, ids)]);
    const salesUnitOf = new Map(units.map((unit) => [unit.id, localizedName(ctx.locale, unit.name, unit.name_en)]));
    const seasons = configuration.seasons;
    const all = templateRows({ products, type: request.type, salesUnitOf, seasonIds: seasons.map((season) => season._id), showsGross, ...(bought ? { bought } : {}) });
    const rows: TemplateRow[] = all.slice(0, templateMaxItems);

    const t = translatorFor(ctx.locale);
    const sheet = {
      type: request.type,
      seasonHeadings: seasons.map((season) => t('orderSheet.template.season', { season: season.name, date: formatShopDateNumeric(season.date, ctx.locale) })),
      showsGross,
      showsRetail: configuration.showRetailPrice,
    };
    const columns = templateColumns({ ...sheet, t });
    const keys: SheetKeys = {
      version: sheetKeysVersion,
      tenant: String(ctx.tenant.id),
      company: ctx.identity.companyId === null ? '' : String(ctx.identity.companyId),
      user: String(ctx.identity.userId),
      madeAt: now.toISOString(),
      type: request.type,
      scope: request.scope,
      category: request.categoryId === null ? '' : String(request.categoryId),
      currency: rows[0]?.currency ?? configuration.minimumOrderAmount.price.currency,
      priceColumn: columnLetter(columns.findIndex((column) => column.kind === 'net')),
    };
    const bytes = await deps.writer.write({
      ...sheet,
      locale: ctx.locale,
      showsStockNumbers: seesStockNumbers(ctx.identity),
      rows,
      cut: all.length > rows.length || ids.length > templateMaxItems,
      keys: keyRows(keys, await deps.signingKeys.keyOf(ctx.tenant.id)),
    });
    return { fileName: t(`orderSheet.template.fileName.${request.type}`, { date: shopToday(now) }), bytes };
  };
}

export type OrderSheetTemplate = ReturnType<typeof createOrderSheetTemplate>;
