import { bpToPercent } from './basis-points.ts';
import { lineNetCents, totalQuantity, type TotalsLine, type VatShare } from './cart-totals.ts';
import { discountBp, effectiveDiscountTreatment } from './discount-treatment.ts';
import { splitByLargestRemainder } from './largest-remainder.ts';
import { scaleCents } from './money.ts';
import { grossCents } from './vat.ts';

// The one computation of an order's money (ADR 0010): cart summary, checkout, the order's
// snapshot, its mail and later its documents all show these figures. Integer cents, VAT rates in
// basis points.
//
// Rounding, once for the whole money path: every row a buyer sees (a line, the discount, shipping)
// has its VAT rounded once, half away from zero (core/money.ts scaleCents), and every total is the
// sum of its rows. So net + VAT = gross exactly, the VAT rates' shares add up to the totals, and a
// buyer who sees gross prices sees rows that add up to the gross total too. The deducted discount is
// one percentage of the goods' net value, rounded once, then split over the VAT rates in proportion
// to their net value (largest remainder: the parts add up to the discount to the cent), so each rate's
// VAT is charged on its discounted amount.

export interface OrderTotalsInput {
  /** The lines of one cart (order or pre-order); lines without quantity count for nothing. */
  lines: readonly TotalsLine[];
  /** The company's discount percent (transientObject.company.discountPercent), decimals allowed. */
  discountPercent: number;
  /** The company's raw discountType; core/discount-treatment.ts says what it means. */
  discountType: unknown;
  /** The shipping price already chosen, net, in cents (core/shipping-price.ts totalCents); 0 for none. */
  shippingCents: number;
  showNetPrices: boolean;
  /** The shop's default currency, used when there are no lines. */
  fallbackCurrency?: string;
}

/** One row of the summary with its VAT: net + vat = gross. */
export interface RowAmounts {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export type OrderDiscount =
  /** Taken off the goods: the totals contain it. */
  | ({ treatment: 'deducted'; percent: number } & RowAmounts)
  /** Already contained in the customer prices: shown with its percent for information only. */
  | { treatment: 'included'; percent: number }
  | { treatment: 'none' };

export interface OrderTotals {
  /** Each input line's amounts, in input order; they add up to `goods`. */
  lines: RowAmounts[];
  goods: RowAmounts;
  discount: OrderDiscount;
  /** The goods the buyer pays for: goods less a deducted discount. Every cart-value threshold compares this net figure (ADR 0010). */
  goodsAfterDiscount: RowAmounts;
  /** Taxed at the highest VAT rate of the lines with quantity. */
  shipping: RowAmounts;
  /** One share per VAT rate, highest first: goods after discount, plus shipping in the highest rate's share. */
  vatByRate: VatShare[];
  highestVatRateBp: number;
  total: RowAmounts;
  /** The total the buyer sees first: net or gross, as the account says. */
  shownCents: number;
  currency: string;
}

const row = (netCents: number, vatCents: number): RowAmounts => ({ netCents, vatCents, grossCents: netCents + vatCents });
const vatOf = (netCents: number, rateBp: number) => grossCents(netCents, rateBp) - netCents;
const sum = (rows: readonly RowAmounts[]) => rows.reduce((acc, r) => row(acc.netCents + r.netCents, acc.vatCents + r.vatCents), row(0, 0));

const hasQuantity = (line: TotalsLine) => totalQuantity(line) > 0;

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const lines = input.lines.map((line) => {
    const net = hasQuantity(line) ? lineNetCents(line) : 0;
    return row(net, vatOf(net, line.vatRateBp));
  });

  // The goods per VAT rate, highest rate first: the order of invoices, and the tie order of the split.
  const byRate = new Map<number, RowAmounts[]>();
  input.lines.forEach((line, index) => {
    if (hasQuantity(line)) byRate.set(line.vatRateBp, [...(byRate.get(line.vatRateBp) ?? []), lines[index]!]);
  });
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const goodsByRate = rates.map((rate) => sum(byRate.get(rate)!));
  const goods = sum(goodsByRate);
  const highestVatRateBp = rates[0] ?? 0;

  const treatment = effectiveDiscountTreatment(input.discountType, input.discountPercent);
  const percentBp = discountBp(input.discountPercent);
  const discountNet = treatment === 'deducted' ? Math.min(goods.netCents, Math.max(0, scaleCents(goods.netCents, percentBp, 10000))) : 0;
  const discountNetByRate = splitByLargestRemainder(discountNet, goodsByRate.map((share) => Math.max(0, share.netCents)));
  const discountByRate = rates.map((rate, index) => row(discountNetByRate[index]!, vatOf(discountNetByRate[index]!, rate)));
  const discountRow = sum(discountByRate);

  const shipping = row(input.shippingCents, vatOf(input.shippingCents, highestVatRateBp));
  const vatByRate: VatShare[] = rates.map((rateBp, index) => {
    const withShipping = index === 0 ? shipping : row(0, 0);
    return {
      rateBp,
      netCents: goodsByRate[index]!.netCents - discountByRate[index]!.netCents + withShipping.netCents,
      vatCents: goodsByRate[index]!.vatCents - discountByRate[index]!.vatCents + withShipping.vatCents,
    };
  });
  // An empty cart has no rate to carry a shipping price: it is shown at 0 % rather than lost.
  if (rates.length === 0 && shipping.netCents !== 0) vatByRate.push({ rateBp: 0, netCents: shipping.netCents, vatCents: 0 });

  const goodsAfterDiscount = row(goods.netCents - discountRow.netCents, goods.vatCents - discountRow.vatCents);
  const total = row(goodsAfterDiscount.netCents + shipping.netCents, goodsAfterDiscount.vatCents + shipping.vatCents);
  const discount: OrderDiscount =
    treatment === 'deducted'
      ? { treatment, percent: bpToPercent(percentBp), ...discountRow }
      : treatment === 'included'
        ? { treatment, percent: bpToPercent(percentBp) }
        : { treatment };
  return {
    lines,
    goods,
    discount,
    goodsAfterDiscount,
    shipping,
    vatByRate,
    highestVatRateBp,
    total,
    shownCents: input.showNetPrices ? total.netCents : total.grossCents,
    currency: input.lines[0]?.currency ?? input.fallbackCurrency ?? 'EUR',
  };
}
