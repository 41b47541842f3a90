import type { OrderType } from '../../../../core/catalog-types.ts';
import { isInStock } from '../../../../core/stock.ts';
import { grossCents } from '../../../../core/vat.ts';
import { stockOf, unitPriceCents, type BuyerProduct, type BuyerVariant } from '../../basket/buyer-products.ts';
import type { BoughtLine } from './template-products.repository.ts';

// The rows of a personalised order sheet (docs/product.md, Order sheets: the personalised sheet): one per
// product, or one per active variant of a product sold by variants, in sku order, priced by the rule that
// prices the catalogue and the cart (buyer-products.ts). Pure: the service looks everything up.

export interface TemplateRow {
  sku: string;
  variantSku: string | null;
  name: string;
  salesUnit: string | null;
  salesBatchSize: number;
  currency: string;
  netCents: number;
  /** Null where the shop has no VAT rate for this buyer: no gross figure is invented (ADR 0016). */
  grossCents: number | null;
  retailCents: number | null;
  inStock: boolean;
  stock: number;
  /** One per quantity column (one for an order, one per season for a pre-order); null where blank. */
  quantities: (number | null)[];
}

/** What one piece of the item costs this buyer: the price the sheet shows, and what an upload compares with. */
export function sheetPriceCents(product: BuyerProduct, variant: BuyerVariant | null, type: OrderType): number {
  return unitPriceCents(product, variant, { orderType: type, quantity: 1 });
}

export interface TemplateRowsInput {
  products: readonly BuyerProduct[];
  type: OrderType;
  salesUnitOf: ReadonlyMap<number, string>;
  /** The shop's seasons in order (a pre-order's quantity columns); unused for an order. */
  seasonIds: readonly number[];
  /** The account shows gross prices: the retail price is shown gross as well, as the catalogue shows it. */
  showsGross: boolean;
  /** `bought` sheets: the company's order lines, newest first. */
  bought?: readonly BoughtLine[];
}

const bySku = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function templateRows(input: TemplateRowsInput): TemplateRow[] {
  const columns = input.type === 'preOrder' ? input.seasonIds.length : 1;
  const lastQuantity = new Map<string, number>();
  for (const line of input.bought ?? []) {
    const key = `${line.product_id}\u0000${line.variant_sku ?? ''}\u0000${input.type === 'preOrder' ? (line.season_id ?? '') : ''}`;
    if (!lastQuantity.has(key)) lastQuantity.set(key, line.quantity);
  }
  const boughtItems = input.bought ? new Set(input.bought.map((line) => `${line.product_id}\u0000${line.variant_sku ?? ''}`)) : null;

  const rows: TemplateRow[] = [];
  for (const product of [...input.products].sort((a, b) => bySku(a.sku, b.sku))) {
    const variants = [...product.variants.values()].sort((a, b) => bySku(a.variantSku, b.variantSku));
    for (const variant of variants.length > 0 ? variants : [null]) {
      const itemKey = `${product.id}\u0000${variant?.variantSku ?? ''}`;
      // A bought sheet lists what was bought: of a product sold by variants, the variants that were.
      if (boughtItems && !boughtItems.has(itemKey) && !(variant && boughtItems.has(`${product.id}\u0000`))) continue;
      const netCents = sheetPriceCents(product, variant, input.type);
      const stock = stockOf(product, variant);
      const quantities = Array.from({ length: columns }, (_, index) => {
        const season = input.type === 'preOrder' ? String(input.seasonIds[index]) : '';
        return lastQuantity.get(`${itemKey}\u0000${season}`) ?? null;
      });
      rows.push({
        sku: product.sku,
        variantSku: variant?.variantSku ?? null,
        name: variant?.name ?? product.name,
        salesUnit: input.salesUnitOf.get(product.id) ?? null,
        salesBatchSize: product.salesBatchSize,
        currency: product.currency,
        netCents,
        grossCents: product.vat.ok ? grossCents(netCents, product.vat.rateBp) : null,
        retailCents: product.retailPriceCents !== null && input.showsGross && product.vat.ok ? grossCents(product.retailPriceCents, product.vat.rateBp) : product.retailPriceCents,
        inStock: isInStock({ stock: { value: stock }, isOnlySellableWithPositiveStock: product.isOnlySellableWithPositiveStock }),
        stock,
        quantities,
      });
    }
  }
  return rows;
}
