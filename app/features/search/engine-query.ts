import { engineHitLimit, productIndexUid, type EngineDocument } from '../../../core/search-engine';
import { engineHighlightPostTag, engineHighlightPreTag } from './engine-highlight';

// What the panel sends to the external search engine (Meilisearch v1) and reads from its answer
// (ADR 0009): the products index {env}_b2b_material, 20 hits a page, name, sku and variant skus
// highlighted, every word of the key required. The engine only finds ids; what a buyer sees of a
// product (price, stock, language) comes from the shop afterwards.

/** The engine answers 20 hits a page, whatever page size the panel uses. */
export const enginePageSize = engineHitLimit;

/** The engine's text fields of one product, as indexed or (in `_formatted`) with highlight tags. */
export type EngineHitTexts = Pick<EngineDocument, 'sku' | 'variantSkus' | 'name' | 'nameEn'>;

export interface EngineHit extends Partial<EngineHitTexts> {
  /** The product id. */
  id: number;
  _formatted?: Partial<EngineHitTexts>;
}

export interface EngineSearchResult {
  hits: EngineHit[];
  estimatedTotalHits: number;
}

export interface EngineSearchInput {
  key: string;
  /** 1-based page of `enginePageSize` hits. */
  page: number;
  stockAvail: boolean;
  preOrder: boolean;
}

/** The search address of the products index; `url` is the engine's base address from the token answer. */
export function engineSearchUrl(url: string, env: string): string {
  return `${url.replace(/\/+$/, '')}/indexes/${encodeURIComponent(productIndexUid(env))}/search`;
}

/** The engine's health address: answering 2xx means it is up. */
export function engineHealthUrl(url: string): string {
  return `${url.replace(/\/+$/, '')}/health`;
}

export function engineSearchBody({ key, page, stockAvail, preOrder }: EngineSearchInput) {
  return {
    q: key,
    offset: (Math.max(1, page) - 1) * enginePageSize,
    limit: enginePageSize,
    filter: [...(stockAvail ? ['inStock = true'] : []), ...(preOrder ? ['hasPreStock = true'] : [])],
    attributesToRetrieve: ['id', 'sku', 'variantSkus', 'name', 'nameEn'],
    attributesToHighlight: ['name', 'nameEn', 'sku', 'variantSkus'],
    highlightPreTag: engineHighlightPreTag,
    highlightPostTag: engineHighlightPostTag,
    matchingStrategy: 'all',
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The engine's answer, checked as far as the panel relies on it: a list of hits with numeric ids and
 * a total. Anything else throws, like a failed request (the engine is then off for the session).
 */
export function readEngineSearchResult(payload: unknown): EngineSearchResult {
  if (!isRecord(payload) || !Array.isArray(payload.hits) || typeof payload.estimatedTotalHits !== 'number') {
    throw new Error('The search engine answered without hits or estimatedTotalHits');
  }
  const hits: unknown[] = payload.hits;
  if (!hits.every((hit) => isRecord(hit) && Number.isInteger(hit.id))) throw new Error('The search engine answered a hit without a numeric id');
  return { hits: hits as EngineHit[], estimatedTotalHits: payload.estimatedTotalHits };
}
