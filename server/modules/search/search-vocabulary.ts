import { correctableWords, isWithinOneEdit, minTypoWordLength } from '../../../core/search-text.ts';
import type { ProductSearchRepository } from './product-search.repository.ts';

// The words of a tenant's product names, for correcting a typo in a search key (ADR 0008). Read when
// the process starts (or by the first search that needs them), in chunks so other requests are served
// meanwhile, and read again in the background when older than five minutes: a word new since then is
// still found exactly, it only cannot be reached through a typo yet.

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
  const vocabularies = new Map<number, Promise<Vocabulary>>();

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

  function vocabularyOf(tenantId: number): Promise<Vocabulary> {
    let vocabulary = vocabularies.get(tenantId);
    if (!vocabulary) {
      vocabulary = build(tenantId);
      vocabularies.set(tenantId, vocabulary);
      vocabulary.catch(() => vocabularies.delete(tenantId));
      return vocabulary;
    }
    // Stale: keep answering from the old words while new ones are read.
    void vocabulary.then((current) => {
      if (Date.now() - current.builtAt < refreshAfterMs || vocabularies.get(tenantId) !== vocabulary) return;
      const next = build(tenantId);
      next.then(() => vocabularies.set(tenantId, next)).catch(() => undefined);
    });
    return vocabulary;
  }

  return {
    /** Known words one edit away from `word` (never `word` itself); none for short words. */
    async corrections(tenantId: number, word: string): Promise<string[]> {
      if (word.length < minTypoWordLength || !/^\p{L}+$/u.test(word)) return [];
      const { byLength } = await vocabularyOf(tenantId);
      const found: string[] = [];
      for (const length of [word.length, word.length - 1, word.length + 1]) {
        for (const candidate of byLength.get(length) ?? []) {
          if (candidate !== word && isWithinOneEdit(word, candidate)) found.push(candidate);
          if (found.length === maxCorrections) return found;
        }
      }
      return found;
    },

    /**
     * Reads every tenant's words ahead of the first search that needs them (at start): at a million
     * products that takes seconds, which no buyer should wait for.
     */
    async prepare(): Promise<void> {
      for (const tenantId of await repository.findTenantIds()) await vocabularyOf(tenantId);
    },

    clear(): void {
      vocabularies.clear();
    },
  };
}

export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
