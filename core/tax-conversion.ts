import { bpToPercent, percentToBp } from './basis-points.ts';
import type { VatTableEntry } from './vat.ts';

// The one rule for the VAT rate a buyer pays (ADR 0016): "VAT is computed from the customer's VAT
// country versus the seller's country." A product's VAT rate is the seller country's; a buyer with
// another VAT country pays that country's rate for the same tax category, found through the tenant's
// VAT table. The catalogue, the basket, the wishlist and the order all ask buyerVatRateBp. Errors are
// returned, not thrown: the catalogue shows the price without VAT, the order is refused with them.

export const taxNoCategoryKey = 'tax.no_category';
export const taxNoRateKey = 'tax.no_rate';

export type TaxConversionError =
  /** 'No tax category found for {rate} in {country}': rate in percent (19), as the message shows it. */
  | { key: typeof taxNoCategoryKey; params: { rate: number; country: string } }
  /** 'No tax rate found for {category} in {country}'. */
  | { key: typeof taxNoRateKey; params: { category: string; country: string } };

export type TaxConversion = { ok: true; rateBp: number; taxCategory: string | null } | { ok: false; error: TaxConversionError };

const sameCountry = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The API's VAT table entry (rate in percent) in core's terms (basis points). */
export function vatTableEntry(entry: { countryCode: string; taxCategory: string; rate: number }): VatTableEntry {
  return { countryCode: entry.countryCode, taxCategory: entry.taxCategory, rateBp: percentToBp(entry.rate) };
}

/**
 * A rate of one country's table as the other country's rate: the tax category of the rate in the
 * source country, then that category's rate in the target country. When several categories of the
 * source country have the rate, the first in table order is taken.
 */
export function convertVatRate(rateBp: number, fromCountry: string, toCountry: string, table: readonly VatTableEntry[]): TaxConversion {
  const source = table.find((entry) => sameCountry(entry.countryCode, fromCountry) && entry.rateBp === rateBp);
  if (!source) return { ok: false, error: { key: taxNoCategoryKey, params: { rate: bpToPercent(rateBp), country: fromCountry } } };
  const target = table.find((entry) => sameCountry(entry.countryCode, toCountry) && entry.taxCategory === source.taxCategory);
  if (!target) return { ok: false, error: { key: taxNoRateKey, params: { category: source.taxCategory, country: toCountry } } };
  return { ok: true, rateBp: target.rateBp, taxCategory: source.taxCategory };
}

/** Everything of the buyer and the tenant the rate depends on, besides the product's own rate. */
export interface BuyerVat {
  sellerCountryCode: string;
  /** The account's vatCountryCode; none means the seller's country. */
  buyerVatCountryCode: string | null | undefined;
  vatTable: readonly VatTableEntry[];
}

export interface BuyerVatInput extends BuyerVat {
  /** The product's rate: the seller country's. */
  rateBp: number;
}

/**
 * The buyer's VAT situation reduced to what decides a rate: no buyer country when it is the seller's
 * (or none), and only the table rows of the two countries. Two buyers with equal values pay equal
 * rates for every product, so the value can key answers shared between buyers.
 */
export function buyerVatOf(sellerCountryCode: string, buyerVatCountryCode: string | null | undefined, vatTable: readonly VatTableEntry[]): BuyerVat {
  const buyer = buyerVatCountryCode?.trim().toUpperCase();
  if (!buyer || sameCountry(buyer, sellerCountryCode)) return { sellerCountryCode, buyerVatCountryCode: null, vatTable: [] };
  const rows = vatTable.filter((entry) => sameCountry(entry.countryCode, sellerCountryCode) || sameCountry(entry.countryCode, buyer));
  return { sellerCountryCode, buyerVatCountryCode: buyer, vatTable: rows };
}

/**
 * The rate a buyer pays for a product. A buyer in the seller's country (or without a VAT country)
 * pays the product's rate as it is, table or not; any other buyer the converted rate, or an error:
 * the shop never guesses a rate, so a country missing from the table cannot be charged.
 */
export function buyerVatRateBp(input: BuyerVatInput): TaxConversion {
  const buyer = input.buyerVatCountryCode?.trim();
  if (!buyer || sameCountry(buyer, input.sellerCountryCode)) return { ok: true, rateBp: input.rateBp, taxCategory: null };
  return convertVatRate(input.rateBp, input.sellerCountryCode, buyer, input.vatTable);
}

/** The rate as the API sends it (vatRate, in percent), or null when the shop has no rate for this buyer. */
export function apiVatRate(conversion: TaxConversion): number | null {
  return conversion.ok ? bpToPercent(conversion.rateBp) : null;
}
