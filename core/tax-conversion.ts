import type { VatTableEntry } from './vat.ts';

// VAT country rules (docs/product.md, Prices and VAT): "VAT is computed from the customer's VAT country
// versus the seller's country." A product's VAT rate is the seller country's; a buyer with another VAT
// country pays that country's rate for the same tax category, found through the tenant's VAT table.
// Errors are returned, not thrown: the browser shows them, the server refuses the order with them.

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
  return { countryCode: entry.countryCode, taxCategory: entry.taxCategory, rateBp: Math.round(entry.rate * 100) };
}

/**
 * A rate of one country's table as the other country's rate: the tax category of the rate in the
 * source country, then that category's rate in the target country. When several categories of the
 * source country have the rate, the first in table order is taken.
 */
export function convertVatRate(rateBp: number, fromCountry: string, toCountry: string, table: readonly VatTableEntry[]): TaxConversion {
  const source = table.find((entry) => sameCountry(entry.countryCode, fromCountry) && entry.rateBp === rateBp);
  if (!source) return { ok: false, error: { key: taxNoCategoryKey, params: { rate: rateBp / 100, country: fromCountry } } };
  const target = table.find((entry) => sameCountry(entry.countryCode, toCountry) && entry.taxCategory === source.taxCategory);
  if (!target) return { ok: false, error: { key: taxNoRateKey, params: { category: source.taxCategory, country: toCountry } } };
  return { ok: true, rateBp: target.rateBp, taxCategory: source.taxCategory };
}

export interface BuyerVatInput {
  /** The product's rate: the seller country's. */
  rateBp: number;
  sellerCountryCode: string;
  /** The account's vatCountryCode; none means the seller's country. */
  buyerVatCountryCode: string | null | undefined;
  vatTable: readonly VatTableEntry[];
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
