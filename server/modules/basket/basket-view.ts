import { amountOut } from '../../../core/api-money.ts';
import type { CartProduct } from '../../../core/catalog-types.ts';
import { apiVatRate } from '../../../core/tax-conversion.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { StoredBasketLine } from './basket.repository.ts';
import { lineLacksStock } from './basket-lines.ts';
import { stockOf, type BuyerProduct, type BuyerVariant } from './buyer-products.ts';

// A stored basket line as the API answers it (core/catalog-types.ts CartProduct): stored quantities
// and price, today's stock, name and image. Amounts leave the server in major units only here.

export function toCartProduct(line: StoredBasketLine, product: BuyerProduct, variant: BuyerVariant | null, seasonCount: number): CartProduct {
  const stored = parseJsonColumn<number[]>(line.quantities, []);
  // Seasons added after the line was saved order nothing yet.
  const quantities = line.order_type === 'preOrder' ? Array.from({ length: Math.max(seasonCount, stored.length) }, (_, i) => stored[i] ?? 0) : [];
  const stock = stockOf(product, variant);
  return {
    _id: product.id,
    sku: product.sku,
    ...(variant ? { variantSku: variant.variantSku } : {}),
    name: variant ? variant.name : product.name,
    image: product.imageUrl,
    price: {
      value: amountOut(line.unit_price_cents),
      currency: product.currency,
      rrp: product.retailPriceCents === null ? null : amountOut(product.retailPriceCents),
      preOrderPrice: product.prices.preOrderCents === null ? null : amountOut(product.prices.preOrderCents),
    },
    orderType: line.order_type,
    quantity: line.quantity,
    quantities,
    stock: { value: stock },
    notEnoughStock: lineLacksStock({ orderType: line.order_type, quantity: line.quantity }, product, variant),
    oldPrice: line.old_price_cents === null || line.old_price_cents === line.unit_price_cents ? null : amountOut(line.old_price_cents),
    vatRate: apiVatRate(product.vat),
    salesBatchSize: product.salesBatchSize,
    customAttributes: parseJsonColumn<Record<string, string> | null>(line.custom_attributes, null),
    packs: parseJsonColumn<{ quantity: number; size: number }[] | null>(line.packs, null),
  };
}
