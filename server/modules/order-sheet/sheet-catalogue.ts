import { localizedName } from '../../../core/locale.ts';
import type { PreStock } from '../../../core/catalog-types.ts';
import type { SheetInputRow } from '../../../core/order-sheet-input.ts';
import type { SignedInContext } from '../access/access-policy.ts';
import { groupBuyerProducts, type BuyerProduct } from '../basket/buyer-products.ts';
import type { BuyerProductsRepository } from '../basket/buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from '../basket/buyer-scope.ts';
import type { SheetCatalogueRepository } from './sheet-catalogue.repository.ts';
import { isNumberSku, normalisedSku, zeroPaddedForms } from './sku-forms.ts';

// The products an order sheet's rows may name (docs/product.md, Order sheets: reading and judging lines),
// looked up only through the buyer's visibility and in a few queries whatever the number of rows: by sku,
// by a variant's sku, by the zero-padded forms of a number, and by the normalised sku for "did you mean".
// The judge (order-sheet-judge.ts) decides from this alone.

export interface SheetSuggestion {
  sku: string;
  name: string;
}

export interface SheetCatalogue {
  /** The visible products the rows may name, by their own sku, each with all its active variants. */
  productsBySku: ReadonlyMap<string, BuyerProduct>;
  /** An active variant's sku → its product's sku. */
  productSkuOfVariant: ReadonlyMap<string, string>;
  /** A row's number sku → the product skus that are it with leading zeros ("100" → ["00100"]). */
  paddedMatches: ReadonlyMap<string, readonly string[]>;
  /** A normalised sku (sku-forms.ts) → the products and variants under it, for "did you mean". */
  nearMatches: ReadonlyMap<string, readonly SheetSuggestion[]>;
  preStocks: ReadonlyMap<number, PreStock[]>;
}

export interface SheetCatalogueDeps {
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
  sheetCatalogue: SheetCatalogueRepository;
}

/** Far below both engines' limits of bound parameters per statement. */
const chunkSize = 2_000;

async function inChunks<T, R>(values: readonly T[], run: (chunk: readonly T[]) => Promise<readonly R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < values.length; start += chunkSize) results.push(...(await run(values.slice(start, start + chunkSize))));
  return results;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export async function lookUpSheetCatalogue(ctx: SignedInContext, rows: readonly SheetInputRow[], deps: SheetCatalogueDeps): Promise<SheetCatalogue> {
  const scope = await buyerScopeOf(ctx, deps.catalog);
  const skus = [...new Set(rows.map((row) => row.sku).filter((sku) => sku !== ''))];
  const itemSkus = [...new Set([...skus, ...rows.flatMap((row) => (row.variantSku ? [row.variantSku] : []))])];
  const skuLengths = skus.some(isNumberSku) ? await deps.sheetCatalogue.skuLengths(scope.tenantId) : [];
  const padded = skus.flatMap((sku) => zeroPaddedForms(sku, skuLengths));

  const [bySku, byVariant] = await Promise.all([
    inChunks([...new Set([...skus, ...padded])], (chunk) => deps.sheetCatalogue.findProductSkus(scope, chunk)),
    inChunks(itemSkus, (chunk) => deps.sheetCatalogue.findVariantSkus(scope, chunk)),
  ]);
  const productSkuOfVariant = new Map(byVariant.map((row) => [row.variant_sku, row.sku]));
  const foundSkus = new Set(bySku.map((row) => row.sku));
  const paddedMatches = new Map<string, string[]>();
  for (const sku of skus) {
    for (const form of zeroPaddedForms(sku, skuLengths)) if (foundSkus.has(form)) push(paddedMatches, sku, form);
  }

  // "Did you mean" only for what is found neither as typed nor as a variant.
  const unfound = skus.filter((sku) => !foundSkus.has(sku) && !productSkuOfVariant.has(sku));
  const near = await inChunks([...new Set(unfound.map(normalisedSku).filter((form) => form !== ''))], (chunk) => deps.sheetCatalogue.findNormalised(scope, chunk));
  const nearMatches = new Map<string, SheetSuggestion[]>();
  for (const match of near) push(nearMatches, match.form, { sku: match.sku, name: localizedName(ctx.locale, match.name, match.name_en) });

  const ids = [...new Set([...bySku.map((row) => row.id), ...byVariant.map((row) => row.product_id)])];
  const found = await inChunks(ids, async (chunk) => {
    const grouped = groupBuyerProducts(await deps.products.find(scope, { by: 'id', ids: chunk }, 'all'), ctx.locale, scope);
    return [...grouped.values()];
  });
  const preStocks = new Map<number, PreStock[]>();
  for (const row of await inChunks(ids, (chunk) => deps.products.findPreStocks(scope.tenantId, chunk))) {
    push(preStocks, row.product_id, { seasonId: row.season_id, quantity: row.quantity });
  }
  return { productsBySku: new Map(found.map((product) => [product.sku, product])), productSkuOfVariant, paddedMatches, nearMatches, preStocks };
}
