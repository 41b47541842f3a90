import { meetsMinimumOrderAmount, type MinimumOrderCheck } from './cart-totals.ts';
import { orderTotals, type OrderTotals, type OrderTotalsInput } from './order-totals.ts';
import { shippingPriceCents, type CompanyFreight, type ShippingMethodRates, type ShippingPrice } from './shipping-price.ts';

// Everything the checkout shows and the order charges, in the one order the rules need: the goods and
// the discount first, because the shipping limits, the freight and the minimum order amount all
// compare the goods' net value after a deducted discount (ADR 0010); then shipping; then the totals.
// The cart page, the checkout page and the order service call this same function.

export interface CheckoutTotalsInput extends Omit<OrderTotalsInput, 'shippingCents'> {
  /** The chosen shipping method and the shipping country; null before one is chosen (the cart page). */
  shipping: { method: ShippingMethodRates; countryCode: string; freight: CompanyFreight | null } | null;
  /** core/cart-totals.ts minimumOrderAmount(...); 0 for none. */
  minimumOrderCents: number;
}

export interface CheckoutTotals {
  totals: OrderTotals;
  /** The shipping price in the totals; null when no method was given or it does not ship to the country. */
  shipping: ShippingPrice | null;
  /** A method was given but does not ship to the country (or is inactive): the order cannot be placed with it. */
  shippingUnavailable: boolean;
  /** The net value every cart-value threshold compared. */
  cartAmountCents: number;
  minimum: MinimumOrderCheck;
}

export function checkoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const { shipping: choice, minimumOrderCents, ...rest } = input;
  const goodsOnly = orderTotals({ ...rest, shippingCents: 0 });
  const cartAmountCents = goodsOnly.goodsAfterDiscount.netCents;
  const shipping = choice ? shippingPriceCents({ ...choice, cartAmountCents }) : null;
  return {
    totals: shipping ? orderTotals({ ...rest, shippingCents: shipping.totalCents }) : goodsOnly,
    shipping,
    shippingUnavailable: choice !== null && shipping === null,
    cartAmountCents,
    minimum: meetsMinimumOrderAmount(cartAmountCents, minimumOrderCents),
  };
}
