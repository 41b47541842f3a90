import type { OrderSheetTarget } from '../sheet-input.ts';
import type { CellValue } from './cell-value.ts';

// An order sheet's columns are found by their header, never by their letter (docs/product.md, Order sheets:
// files). Header words are compared without case, spaces, dots, dashes or a closing colon, so "Art.-Nr.",
// "Artikel-Nr" and "artikelnr:" are one. Where two columns could be the sku ("Artikelnummer" and "Artikel",
// which is often the name), the earlier word in the list wins. Pre-order quantities stand in columns headed
// by a season's name (optionally followed by its date: "Frühjahr 2027 (ab 01.02.2027)").

const skuHeaders = ['artikelnummer', 'artikelnr', 'artnr', 'materialnummer', 'materialnr', 'sku', 'itemnumber', 'itemno', 'productnumber', 'produktnummer', 'articlenumber', 'material', 'item', 'artikel'];
const variantHeaders = ['variantennummer', 'variantsku', 'variantnumber', 'variante', 'variant'];
const quantityHeaders = ['bestellmenge', 'menge', 'anzahl', 'orderquantity', 'quantity', 'qty'];

export interface SheetSeason {
  id: number;
  name: string;
}

export interface SheetColumns {
  sku: number;
  variant: number | undefined;
  quantity: number | undefined;
  /** Pre-order: the season columns in the sheet's order. */
  seasons: { column: number; seasonId: number }[];
  /** A personalised sheet's net price column, as its keys name it (read-workbook.ts). */
  price?: number;
}

export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[\s.\-_/#:*]+/g, '');
}

/** The columns a header row names, or undefined when it is not an order sheet's header row for `target`. */
export function columnsOfHeader(cells: ReadonlyMap<number, CellValue>, target: OrderSheetTarget, seasons: readonly SheetSeason[]): SheetColumns | undefined {
  const headers = [...cells].flatMap(([column, value]) => (value.kind === 'text' ? [{ column, key: headerKey(value.text) }] : []));
  const best = (words: readonly string[]) => {
    let found: { column: number; rank: number } | undefined;
    for (const { column, key } of headers) {
      const rank = words.indexOf(key);
      if (rank >= 0 && (!found || rank < found.rank)) found = { column, rank };
    }
    return found?.column;
  };
  const sku = best(skuHeaders);
  if (sku === undefined) return undefined;
  const quantity = best(quantityHeaders);
  const seasonColumns =
    target === 'preOrder'
      ? headers.flatMap(({ column, key }) => {
          const season = seasons.find((each) => headerKey(each.name) !== '' && key.startsWith(headerKey(each.name)));
          return season && column !== sku ? [{ column, seasonId: season.id }] : [];
        })
      : [];
  const seasonsOnce = seasonColumns.filter((each, index) => seasonColumns.findIndex((other) => other.seasonId === each.seasonId) === index);
  if (quantity === undefined && seasonsOnce.length === 0) return undefined;
  return { sku, variant: best(variantHeaders), quantity, seasons: seasonsOnce };
}
