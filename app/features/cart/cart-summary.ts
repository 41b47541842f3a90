import type { MoneyJson } from '../../../core/api-money';
import { minimumOrderAmount, preOrderSeasonTotals, totalsLineFromCartProduct, type MinimumOrderCheck } from '../../../core/cart-totals';
import type { CartProduct, OrderType } from '../../../core/catalog-types';
import { companyFreight, defaultShippingCountry, shippingMethodRates, type CompanyFreightJson, type ShippingMethodJson } from '../../../core/checkout-input';
import { checkoutTotals } from '../../../core/checkout-totals';
import { amountToCents } from '../../../core/money';
import { grossCents } from '../../../core/vat';

// The cart page's order summary in figures. Every amount comes from core/checkout-totals.ts, the
// computation the checkout shows and the order charges (ADR 0010); this only picks what the page shows
// and in which basis (net or gross, as the account says), so the rows shown add up to the total shown.

export interface CartSummaryAccount {
  showNetPrices: boolean;
  /** Major units; 0 or not a number: the site's minimum applies. */
  minCartAmount: number;
  addresses: readonly { type: number; isDefault: boolean; country: { code: string } | null }[];
  transientObject: {
    company: { freight: CompanyFreightJson | null; discountType: string | null; discountPercent: number } | null;
  };
}

export interface CartSummaryInput {
  lines: readonly CartProduct[];
  orderType: OrderType;
  account: CartSummaryAccount | null | undefined;
  /** GET /api/configuration's minimumOrderAmount.price. */
  siteMinimum: MoneyJson;
  fallbackCurrency: string;
  seasonCount: number;
  /** The method a checkout starts with (or the one the buyer chose); null when there is none. */
  shippingMethod: ShippingMethodJson | null;
  /** The chosen shipping address's country (checkout); left out: the company's default address's. */
  shippingCountry?: string | null;
}

export type SummaryDiscount =
  | { treatment: 'deducted'; percent: number; cents: number }
  | { treatment: 'included'; percent: number }
  | { treatment: 'none' };

export interface SummaryShipping {
  methodName: string;
  countryCode: string;
  /** The method's price; the rows methodCents + freightCents are the shipping in the totals. */
  methodCents: number;
  /** The company's freight surcharge, 0 when it does not apply. */
  freightCents: number;
  /** Above this cart amount (net, after a deducted discount) shipping costs priceCents; null when no larger cart ships cheaper. */
  cheaperAbove: { amountCents: number; priceCents: number } | null;
}

/** Cents in the account's basis (net or gross) unless a name says net or gross. */
export interface CartSummary {
  currency: string;
  showNetPrices: boolean;
  /** Pre-order cart: the net total of each season. */
  seasonNetCents: number[];
  goodsCents: number;
  discount: SummaryDiscount;
  /** null before a method and country are known: shipping is then calculated at checkout and not in the totals. */
  shipping: SummaryShipping | null;
  /** The total the rows above add up to: net or gross, as the account says. */
  totalCents: number;
  /** The other total: gross for an account with net prices, net for one with gross prices. */
  otherTotalCents: number;
  /** VAT per rate, highest first; shipping's VAT is in the highest rate's share. */
  vatByRate: { rateBp: number; vatCents: number }[];
  /** Against the goods' net value after a deducted discount (ADR 0010). */
  minimum: MinimumOrderCheck;
  /**
   * Names of the lines the shop has no VAT rate for in the buyer's country (ADR 0016). While there are
   * any, the summary is net only: its VAT and gross figures would leave their VAT out, and the order is refused.
   */
  untaxedNames: string[];
}

export function cartSummary(input: CartSummaryInput): CartSummary {
  const untaxedNames = input.lines.filter((line) => line.vatRate === null).map((line) => line.name);
  const showNetPrices = (input.account?.showNetPrices ?? true) || untaxedNames.length > 0;
  const company = input.account?.transientObject.company ?? null;
  const lines = input.lines.map(totalsLineFromCartProduct);
  const country = input.shippingCountry !== undefined ? input.shippingCountry : input.account ? defaultShippingCountry(input.account.addresses) : null;
  const countryCode = input.shippingMethod ? country : null;
  const result = checkoutTotals({
    lines,
    discountPercent: company?.discountPercent ?? 0,
    discountType: company?.discountType ?? null,
    showNetPrices,
    fallbackCurrency: input.fallbackCurrency,
    shipping: input.shippingMethod && countryCode ? { method: shippingMethodRates(input.shippingMethod), countryCode, freight: companyFreight(company?.freight) } : null,
    minimumOrderCents: minimumOrderAmount(amountToCents(Number(input.account?.minCartAmount)), amountToCents(input.siteMinimum.value)),
  });
  const { totals } = result;
  const shown = (row: { netCents: number; grossCents: number }) => (showNetPrices ? row.netCents : row.grossCents);
  const shownAtHighestRate = (netCents: number) => (showNetPrices ? netCents : grossCents(netCents, totals.highestVatRateBp));

  let shipping: SummaryShipping | null = null;
  if (result.shipping && input.shippingMethod && countryCode) {
    const methodCents = shownAtHighestRate(result.shipping.methodCents);
    const cheaper = result.shipping.cheaperAbove;
    shipping = {
      methodName: input.shippingMethod.name,
      countryCode,
      methodCents,
      // The rest of the shipping row, so method and freight add up to it to the cent in either basis.
      freightCents: shown(totals.shipping) - methodCents,
      cheaperAbove: cheaper ? { amountCents: cheaper.cartAmountCents, priceCents: shownAtHighestRate(cheaper.totalCents) } : null,
    };
  }

  const discount: SummaryDiscount =
    totals.discount.treatment === 'deducted'
      ? { treatment: 'deducted', percent: totals.discount.percent, cents: shown(totals.discount) }
      : totals.discount;
  return {
    currency: totals.currency,
    showNetPrices,
    seasonNetCents: input.orderType === 'preOrder' ? preOrderSeasonTotals(lines, input.seasonCount) : [],
    goodsCents: shown(totals.goods),
    discount,
    shipping,
    totalCents: totals.shownCents,
    otherTotalCents: showNetPrices ? totals.total.grossCents : totals.total.netCents,
    vatByRate: totals.vatByRate.map(({ rateBp, vatCents }) => ({ rateBp, vatCents })),
    minimum: result.minimum,
    untaxedNames,
  };
}
