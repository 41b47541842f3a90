// VAT rules (docs/product.md, Prices and VAT). Rates are basis points (19 % = 1900) so no float ever holds money.

import type { Price } from './catalog-types.ts';
import { percentToBp } from './basis-points.ts';
import { amountToCents, scaleCents } from './money.ts';

export interface VatTableEntry {
  countryCode: string;
  taxCategory: string;
  rateBp: number;
}

/** The VAT info bar shows when the buyer's VAT country differs from the shop's and both are in the VAT table. */
export function showsVatInfoBar(userCountry: string | null | undefined, shopCountry: string, vatTable: readonly VatTableEntry[]): boolean {
  if (!userCountry || userCountry === shopCountry) return false;
  const countries = new Set(vatTable.map((entry) => entry.countryCode));
  return countries.has(userCountry) && countries.has(shopCountry);
}

/**
 * What a shown amount is: net, gross, or gross where the item's rate is known and net where it is not
 * (a sum over items of both kinds). An item without a rate for the buyer's country is shown net even to a
 * buyer who sees gross prices (ADR 0016), and its note says so.
 */
export type ShownVatBasis = 'net' | 'gross' | 'mixed';

/** The basis of an amount over items with these VAT rates (percent, null where unknown). */
export function shownVatBasis(vatRatesPercent: readonly (number | null)[], showNetPrices: boolean): ShownVatBasis {
  if (showNetPrices) return 'net';
  const unknown = vatRatesPercent.filter((rate) => rate === null).length;
  if (unknown === 0) return 'gross';
  return unknown === vatRatesPercent.length ? 'net' : 'mixed';
}

/**
 * The rate (basis points) a screen computes a shown price with, from the API's vatRate (percent). An
 * item the shop has no rate for in the buyer's country (vatRate null, ADR 0016) is shown net: no gross
 * figure is invented for it.
 */
export function shownVatRateBp(vatRatePercent: number | null): number {
  return vatRatePercent === null ? 0 : percentToBp(vatRatePercent);
}

/**
 * A unit amount (net, as the API sends it) as the buyer sees it, in cents: net, or gross from the
 * item's VAT rate in percent (the API's vatRate; net when it is unknown).
 */
export function shownCents(amount: number, vatRatePercent: number | null, showNetPrices: boolean): number {
  const net = amountToCents(amount);
  return showNetPrices ? net : grossCents(net, shownVatRateBp(vatRatePercent));
}

/** The unit price a buyer sees, in cents; pre-order mode shows the pre-order price where there is one. */
export function shownUnitCents(price: Pick<Price, 'value' | 'preOrderPrice'>, vatRatePercent: number | null, showNetPrices: boolean, preOrder: boolean): number {
  const amount = preOrder && price.preOrderPrice !== null ? price.preOrderPrice : price.value;
  return shownCents(amount, vatRatePercent, showNetPrices);
}

/** gross = net × (vatRate/100 + 1), in integer cents, rounded half away from zero. */
export function grossCents(netCents: number, vatRateBp: number): number {
  return scaleCents(netCents, 10000 + vatRateBp, 10000);
}
