import type { CartProduct } from '../../../core/catalog-types';
import { lineNetCents, totalsLineFromCartProduct } from '../../../core/cart-totals';
import { amountToCents } from '../../../core/money';
import { grossCents } from '../../../core/vat';

// What a cart line costs as the buyer sees it: net or gross as the account says (prices
// always say which), in integer cents. Pre-order lines are charged at their pre-order price.

export interface LinePrices {
  unitCents: number;
  /** The price before the last change, shown struck through; null when the price did not change. */
  oldUnitCents: number | null;
  totalCents: number;
  currency: string;
}

function shown(netCents: number, vatRateBp: number, showNetPrices: boolean): number {
  return showNetPrices ? netCents : grossCents(netCents, vatRateBp);
}

export function linePrices(line: CartProduct, showNetPrices: boolean): LinePrices {
  const totalsLine = totalsLineFromCartProduct(line);
  const chargedCents = line.orderType === 'preOrder' && totalsLine.preOrderPriceCents !== null ? totalsLine.preOrderPriceCents : totalsLine.unitPriceCents;
  return {
    unitCents: shown(chargedCents, totalsLine.vatRateBp, showNetPrices),
    oldUnitCents: line.oldPrice === null ? null : shown(amountToCents(line.oldPrice), totalsLine.vatRateBp, showNetPrices),
    totalCents: shown(lineNetCents(totalsLine), totalsLine.vatRateBp, showNetPrices),
    currency: line.price.currency,
  };
}
