import type { HighlightRange } from '../../../core/catalog-types';

// The search engine marks what a key matched by wrapping it in tags inside the text (Meilisearch's
// `_formatted`). The panel shows marks from [start, end) ranges of the plain text, never markup, so
// the tags are read out of the text again. They are two private-use characters, which no product
// text contains, rather than "<em>", which a name could.

export const engineHighlightPreTag = '\uE000';
export const engineHighlightPostTag = '\uE001';

export interface UntaggedText {
  /** The text without the tags. */
  text: string;
  /** The tagged parts, as ranges of `text` (UTF-16 code units), sorted; touching ones joined. */
  ranges: HighlightRange[];
}

/**
 * Reads the highlight tags out of an engine's text. Lenient with what a well-behaved engine never
 * sends: a repeated opening tag inside a mark and a closing tag outside one are dropped, an unclosed
 * mark ends with the text, empty marks are left out.
 */
export function untagHighlights(tagged: string): UntaggedText {
  let text = '';
  const ranges: [number, number][] = [];
  let openedAt: number | null = null;
  let rest = 0;
  const closeMark = () => {
    if (openedAt === null) return;
    const previous = ranges.at(-1);
    if (previous && previous[1] === openedAt) previous[1] = text.length;
    else if (text.length > openedAt) ranges.push([openedAt, text.length]);
    openedAt = null;
  };
  for (let at = 0; at < tagged.length; at++) {
    const char = tagged[at];
    if (char !== engineHighlightPreTag && char !== engineHighlightPostTag) continue;
    text += tagged.slice(rest, at);
    rest = at + 1;
    if (char === engineHighlightPreTag) openedAt ??= text.length;
    else closeMark();
  }
  text += tagged.slice(rest);
  closeMark();
  return { text, ranges };
}
