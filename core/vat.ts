// VAT rules of spec sections 2 and 9. Rates are basis points (19 % = 1900) so no float ever holds money.

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

/** gross = net × (vatRate/100 + 1), in integer cents, rounded half away from zero. */
export function grossCents(netCents: number, vatRateBp: number): number {
  const scaled = netCents * (10000 + vatRateBp);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) / 10000);
}

export function bpToPercent(rateBp: number): number {
  return rateBp / 100;
}
