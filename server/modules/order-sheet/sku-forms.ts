// The other forms under which a sheet's item number may name a product (docs/product.md, Order sheets: reading
// and judging lines): a number that lost its leading zeros in a spreadsheet, and a number typed with other
// case, spaces, dashes or dots. The catalogue lookup asks for them; the judge matches rows to them.

/** A sku as compared for "did you mean": ASCII letters in lower case, without spaces, '-' and '.' (as the SQL form, sheet-catalogue.repository.ts). */
export function normalisedSku(sku: string): string {
  return sku.replace(/[\s.-]/g, '').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export function isNumberSku(sku: string): boolean {
  return /^\d+$/.test(sku);
}

/** The number with leading zeros up to each of the catalogue's sku lengths longer than it ("100" → "0100", "00100"). */
export function zeroPaddedForms(sku: string, skuLengths: readonly number[]): string[] {
  if (!isNumberSku(sku)) return [];
  return skuLengths.filter((length) => length > sku.length).map((length) => sku.padStart(length, '0'));
}
