// Text as Meilisearch sees it: folding, words, prefix and typo matching, highlighting. Pure functions of strings.

/** One character folded as Meilisearch normalizes it: lower case, without diacritics, ß as ss. */
function foldChar(char: string): string {
  if (char === 'ß' || char === 'ẞ') return 'ss';
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A folded copy of `text` and, for each folded code unit, the span of the original character it came from. */
interface FoldedText {
  text: string;
  starts: number[];
  ends: number[];
}

function foldWithSpans(original: string): FoldedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = foldChar(char);
    const end = index + char.length;
    // A combining mark on its own folds to nothing: it belongs to the character before it.
    if (folded === '' && ends.length > 0) ends[ends.length - 1] = end;
    for (let unit = 0; unit < folded.length; unit++) {
      starts.push(index);
      ends.push(end);
    }
    text += folded;
    index = end;
  }
  return { text, starts, ends };
}

interface Word {
  word: string;
  start: number;
}

function wordsOf(folded: string): Word[] {
  return [...folded.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ word: match[0], start: match.index }));
}

export const foldedWords = (text: string) => wordsOf(foldWithSpans(text).text).map(({ word }) => word);

/** Same words but for one typo, as Meilisearch counts them: one insertion, deletion, substitution or swap of neighbours, never in the first letter. */
function isOneTypoAway(query: string, word: string): boolean {
  const a = [...query];
  const b = [...word];
  if (a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  if (same === a.length && same === b.length) return false;
  const restEqual = (fromA: number, fromB: number) => a.slice(fromA).join('') === b.slice(fromB).join('');
  if (a.length > b.length) return restEqual(same + 1, same);
  if (a.length < b.length) return restEqual(same, same + 1);
  return restEqual(same + 1, same + 1) || (a[same] === b[same + 1] && a[same + 1] === b[same] && restEqual(same + 2, same + 2));
}

type WordMatch = 'exact' | 'prefix' | 'typo' | undefined;

/** `typoMinLength`: how many letters a query word needs to be matched with a typo (Infinity: never). */
export function matchWord(query: string, word: string, typoMinLength: number): WordMatch {
  if (word === query) return 'exact';
  if (word.startsWith(query)) return 'prefix';
  if ([...query].length >= typoMinLength && isOneTypoAway(query, word)) return 'typo';
  return undefined;
}

/** How much of a document word a query word marks: the matched prefix, or the whole word for a typo. */
function matchedLength(query: string, word: string, typoMinLength: number): number {
  const match = matchWord(query, word, typoMinLength);
  if (match === 'typo') return word.length;
  return match === undefined ? 0 : query.length;
}

interface HighlightTags {
  pre: string;
  post: string;
}

/** The text with every matched part wrapped in the tags; folded positions are mapped back to the original. */
export function highlight(text: string, queryWords: string[], tags: HighlightTags, typoMinLength: number): string {
  const folded = foldWithSpans(text);
  let result = '';
  let copied = 0;
  for (const { word, start } of wordsOf(folded.text)) {
    const length = Math.max(0, ...queryWords.map((query) => matchedLength(query, word, typoMinLength)));
    if (length === 0) continue;
    const from = folded.starts[start]!;
    const to = folded.ends[start + length - 1]!;
    result += `${text.slice(copied, from)}${tags.pre}${text.slice(from, to)}${tags.post}`;
    copied = to;
  }
  return result + text.slice(copied);
}
