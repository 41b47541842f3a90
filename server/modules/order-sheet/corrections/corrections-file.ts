import type { Locale } from '../../../../core/locale.ts';
import { translatorFor } from '../../../i18n.ts';
import type { JudgedRow } from '../order-sheet-judge.ts';
import type { OrderSheetTarget } from '../sheet-input.ts';
import { correctionsTable, type CorrectionsSeason } from './corrections-table.ts';
import { writeCorrections } from './write-corrections.ts';

// GET /api/orderSheet/{importId}/corrections and the page's download (docs/product.md, Order sheets: files):
// an import's judged rows as an XLSX file in the buyer's language.

export interface CorrectionsFile {
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The import's seasons the shop still has, in the import's order: a pre-order file has a quantity column for
 * each. A season the shop no longer has gets none (the reader would not find it); its rows say so.
 */
export function correctionsSeasons(importSeasonIds: readonly number[], shop: { ids: readonly number[]; names: readonly string[] }): CorrectionsSeason[] {
  return importSeasonIds.flatMap((seasonId, importIndex) => {
    const shopIndex = shop.ids.indexOf(seasonId);
    return shopIndex < 0 ? [] : [{ name: shop.names[shopIndex] ?? String(shopIndex + 1), importIndex, shopIndex }];
  });
}

export async function correctionsFile(rows: readonly JudgedRow[], target: OrderSheetTarget, seasons: readonly CorrectionsSeason[], locale: Locale): Promise<CorrectionsFile> {
  const table = correctionsTable(rows, target, seasons, translatorFor(locale));
  return { fileName: table.fileName, bytes: await writeCorrections(table) };
}
