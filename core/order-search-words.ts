// How the order history reads a search and the text it searches (ADR 0014). An order is found when its
// order number or PO number contains the term anywhere, or when the words of its lines (sku, variant sku,
// name) contain the term's words one after the other, each from its start, the last one possibly cut
// short: "schrau" finds "Schraube", "mat-000112" finds "MAT-000112-XL", "hansewerk kreis" finds
// "Hansewerk Kreissäge". A word is a run of letters and digits (the Unicode categories L, N and Co, which
// SQLite's unicode61 tokenizer keeps together too), in lower case; everything else separates words. The
// lines' words are stored in that form (orders.search_text), so a word index (SQLite) and a LIKE over the
// stored text (both engines) read the same words.

const wordPattern = /[\p{L}\p{N}\p{Co}]+/gu;

/** The words of a text, lower case, one space apart. */
export function searchWordsOf(text: string): string {
  return (text.toLowerCase().match(wordPattern) ?? []).join(' ');
}

/** orders.search_text: the words of every line's sku, variant sku and name, each line once. */
export function orderLinesSearchText(lines: readonly { sku: string; variant_sku: string | null; name: string }[]): string {
  const texts = new Set(lines.map((line) => searchWordsOf(`${line.sku} ${line.variant_sku ?? ''} ${line.name}`)));
  return [...texts].filter((text) => text !== '').join(' ');
}
