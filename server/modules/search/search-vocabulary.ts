import { foldSearchText, isWithinOneEdit, minTypoWordLength } from '../../../core/search-text.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ProductSearchRepository } from './product-search.repository.ts';

// The words of the product names, for correcting a typo in a search key (ADR 0008). The database
// keeps the distinct words (migration 0009); they are read on the first search that needs them and
// again after five minutes (on the app's clock), in the background, one read at a time: a word new since
// then is still found exactly, it only cannot be reached through a typo yet.

const refreshAfterMs = 5 * 60 * 1000;
/** More corrections than this for one word only widen the search without helping. */
const maxCorrections = 5;

interface Vocabulary {
  /** Words by length, so a word is only compared with those one letter shorter, as long, or longer. */
  byLength: Map<number, string[]>;
  readAt: number;
}

export function createSearchVocabulary(repository: Pick<ProductSearchRepository, 'findNameWords'>, clock: Clock) {
  let current: Promise<Vocabulary> | undefined;
  let refreshing = false;

  async function read(): Promise<Vocabulary> {
    const byLength = new Map<number, string[]>();
    // The database folds case and accents; ß is folded here, as in search keys.
    for (const word of new Set((await repository.findNameWords()).map(foldSearchText))) {
      if (word.length < minTypoWordLength || !/^\p{L}+$/u.test(word)) continue;
      const list = byLength.get(word.length);
      if (list) list.push(word);
      else byLength.set(word.length, [word]);
    }
    return { byLength, readAt: clock.now().getTime() };
  }

  async function vocabulary(): Promise<Vocabulary> {
    if (!current) {
      current = read();
      current.catch(() => (current = undefined));
      return current;
    }
    const known = await current;
    if (!refreshing && clock.now().getTime() - known.readAt > refreshAfterMs) {
      refreshing = true;
      const next = read();
      next
        .then(() => (current = next))
        .catch(() => undefined)
        .finally(() => (refreshing = false));
    }
    return known;
  }

  return {
    /** Known words one edit away from `word` (never `word` itself); none for short words. */
    async corrections(word: string): Promise<string[]> {
      if (word.length < minTypoWordLength || !/^\p{L}+$/u.test(word)) return [];
      const { byLength } = await vocabulary();
      const found: string[] = [];
      for (const length of [word.length, word.length - 1, word.length + 1]) {
        for (const candidate of byLength.get(length) ?? []) {
          if (candidate !== word && isWithinOneEdit(word, candidate)) found.push(candidate);
          if (found.length === maxCorrections) return found;
        }
      }
      return found;
    },

    clear(): void {
      current = undefined;
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
