import type { HighlightRange } from './catalog-types.ts';

// How the shop reads a search key (docs/product.md, Catalogue) and marks what it matched. The databases fold their
// search documents the same way (migration 0008): case, diacritics (ä → a) and ß → ss; the documents
// also carry names with umlauts written out (ä → ae), so "Schlüssel", "schlussel" and "schluessel" all
// find "Schlüssel".

export const minSearchKeyLength = 3;
/** Longer keys are cut: nobody types more, and each word costs an index lookup. */
export const maxSearchKeyLength = 100;
/**
 * Searches count their matches up to here, as common engines do (Meilisearch's maxTotalHits): a total
 * of this many means "at least this many".
 */
export const maxCountedSearchMatches = 1_000;

/** A search total as people read it: "1,000+" where counting stopped. */
export function searchTotalText(total: number, formatNumber: (value: number) => string): string {
  return total >= maxCountedSearchMatches ? `${formatNumber(maxCountedSearchMatches)}+` : formatNumber(total);
}
const maxSearchWords = 8;

// Every search answer folds dozens of names; a character's fold is worked out once.
const charFolds = new Map<string, string>();
const maxRememberedChars = 10_000;

/** One character folded: lower case, without diacritics, ß as ss. */
function foldChar(char: string): string {
  let folded = charFolds.get(char);
  if (folded === undefined) {
    folded = char === 'ß' || char === 'ẞ' ? 'ss' : char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (charFolds.size < maxRememberedChars) charFolds.set(char, folded);
  }
  return folded;
}

const isAscii = (text: string) => !/[^\p{ASCII}]/u.test(text);

export function foldSearchText(text: string): string {
  // Most names and keys are plain ASCII: lower case is all the folding they need.
  if (isAscii(text)) return text.toLowerCase();
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

const writtenOutUmlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' };

/** Whether a folded word occurs in `text` under either fold (as highlightRanges would mark it). */
export function containsSearchWord(text: string, word: string): boolean {
  if (foldSearchText(text).includes(word)) return true;
  return /[äöüÄÖÜ]/.test(text) && foldWithOrigins(text, true).folded.includes(word);
}

/** Shorter words cannot be looked up in a trigram index on their own. */
export const minIndexedWordLength = 3;

/**
 * The words of a search key, folded, in their order, without repeats; at most eight. When no word is
 * long enough to be looked up on its own ("12 V"), the whole key is one phrase.
 */
export function searchWords(key: string): string[] {
  const folded = foldSearchText(key.slice(0, maxSearchKeyLength));
  const words = folded
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  const phrase = folded.trim().replace(/\s+/g, ' ');
  if (words.length > 0 && words.every((word) => word.length < minIndexedWordLength) && phrase.length >= minIndexedWordLength) return [phrase];
  return [...new Set(words)].slice(0, maxSearchWords);
}

/** A folded copy of `text` and, for every folded character, the index of the original it came from. */
function foldWithOrigins(text: string, writeOut: boolean): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = writeOut && writtenOutUmlauts[char] ? writtenOutUmlauts[char]! : foldChar(char);
    for (let i = 0; i < piece.length; i++) origins.push(index);
    folded += piece;
    index += char.length;
  }
  return { folded, origins };
}

/**
 * Where the words occur in `text`, as ranges of the original string, sorted and merged. Both folds
 * are tried, so a word typed with "ae" marks the "ä" of the text.
 */
export function highlightRanges(text: string, words: readonly string[]): HighlightRange[] {
  if (!text || words.length === 0) return [];
  const ranges: [number, number][] = [];
  // Plain ASCII folds to its lower case, one character for one: both folds are the same.
  for (const writeOut of isAscii(text) ? [false] : [false, true]) {
    const { folded, origins } = foldWithOrigins(text, writeOut);
    for (const word of words) {
      for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
        const last = origins[at + word.length - 1]!;
        ranges.push([origins[at]!, last + (text.codePointAt(last)! > 0xffff ? 2 : 1)]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Words of at least this length may carry one typo (spec of the built-in engine, as in common engines). */
export const minTypoWordLength = 5;

/**
 * Whether two words differ by at most one edit: one letter inserted, deleted or replaced, or two
 * neighbouring letters swapped. Linear time, for comparing a typed word with many known words.
 */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  let start = 0;
  while (start < shorter.length && shorter[start] === longer[start]) start++;
  if (shorter.length === longer.length) {
    // Replaced: the rest after the first difference is equal; swapped: the next two are crossed.
    if (shorter.slice(start + 1) === longer.slice(start + 1)) return true;
    return shorter[start] === longer[start + 1] && shorter[start + 1] === longer[start] && shorter.slice(start + 2) === longer.slice(start + 2);
  }
  // Inserted or deleted: skipping the differing letter of the longer word makes them equal.
  return shorter.slice(start) === longer.slice(start + 1);
}

/** The words of a product name that a typo can be corrected to: folded, letters only, long enough. */
export function correctableWords(name: string): string[] {
  return foldSearchText(name)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= minTypoWordLength);
}
