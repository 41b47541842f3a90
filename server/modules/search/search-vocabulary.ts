import { correctableWords, isWithinOneEdit, minTypoWordLength } from '../../../core/search-text.ts';
import type { ProductSearchRepository } from './product-search.repository.ts';

// The words of a tenant's product names, for correcting a typo in a search key (ADR 0008). Read in
// the background when a search first needs them, in chunks so other requests are served meanwhile,
// and read again when older than five minutes: a word new since then is still found exactly, it only
// cannot be reached through a typo yet.

const refreshAfterMs = 5 * 60 * 1000;
const namesPerChunk = 5_000;
/** More corrections than this for one word only widen the search without helping. */
const maxCorrections = 5;

interface Vocabulary {
  /** Words by length, so a word is only compared with those one letter shorter, as long, or longer. */
  byLength: Map<number, string[]>;
  builtAt: number;
}

export function createSearchVocabulary(repository: Pick<ProductSearchRepository, 'findNames' | 'findTenantIds'>) {
  const ready = new Map<number, Vocabulary>();
  const building = new Map<number, Promise<Vocabulary>>();

  async function build(tenantId: number): Promise<Vocabulary> {
    const words = new Set<string>();
    for (let afterId = 0; ; ) {
      const rows = await repository.findNames(tenantId, afterId, namesPerChunk);
      for (const row of rows) for (const name of [row.name, row.name_en]) if (name) for (const word of correctableWords(name)) words.add(word);
      if (rows.length < namesPerChunk) break;
      afterId = rows.at(-1)!.id;
    }
    const byLength = new Map<number, string[]>();
    for (const word of words) {
      const list = byLength.get(word.length);
      if (list) list.push(word);
      else byLength.set(word.length, [word]);
    }
    return { byLength, builtAt: Date.now() };
  }

  /** Starts reading a tenant's words unless that is under way; the result replaces the old words. */
  function rebuild(tenantId: number): Promise<Vocabulary> {
    let pending = building.get(tenantId);
    if (!pending) {
      pending = build(tenantId)
        .then((vocabulary) => {
          ready.set(tenantId, vocabulary);
          return vocabulary;
        })
        .finally(() => building.delete(tenantId));
      building.set(tenantId, pending);
    }
    return pending;
  }

  return {
    /**
     * Known words one edit away from `word` (never `word` itself); none for short words, and none
     * while the tenant's words are first being read: nobody waits for that (seconds at a million
     * products), a typo is corrected from the next search on.
     */
    corrections(tenantId: number, word: string): string[] {
      if (word.length < minTypoWordLength || !/^\p{L}+$/u.test(word)) return [];
      const vocabulary = ready.get(tenantId);
      if (!vocabulary || Date.now() - vocabulary.builtAt > refreshAfterMs) rebuild(tenantId).catch(() => undefined);
      if (!vocabulary) return [];
      const found: string[] = [];
      for (const length of [word.length, word.length - 1, word.length + 1]) {
        for (const candidate of vocabulary.byLength.get(length) ?? []) {
          if (candidate !== word && isWithinOneEdit(word, candidate)) found.push(candidate);
          if (found.length === maxCorrections) return found;
        }
      }
      return found;
    },

    /** Reads every tenant's words now (before a measurement, in tests). */
    async prepare(): Promise<void> {
      for (const tenantId of await repository.findTenantIds()) await rebuild(tenantId);
    },

    clear(): void {
      ready.clear();
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
