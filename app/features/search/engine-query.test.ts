import { describe, expect, it } from 'vitest';
import { engineHealthUrl, engineSearchBody, engineSearchUrl, readEngineSearchResult } from './engine-query';

describe('engineSearchUrl and engineHealthUrl', () => {
  it('address the products index of the environment, with or without a slash after the base address', () => {
    expect(engineSearchUrl('https://search.example.com', 'prod')).toBe('https://search.example.com/indexes/prod_b2b_material/search');
    expect(engineSearchUrl('http://127.0.0.1:7700/', 'demo')).toBe('http://127.0.0.1:7700/indexes/demo_b2b_material/search');
    expect(engineHealthUrl('http://127.0.0.1:7700/')).toBe('http://127.0.0.1:7700/health');
  });
});

describe('engineSearchBody', () => {
  it('asks for one page of 20 hits with every word required and name, sku and variant skus highlighted', () => {
    expect(engineSearchBody({ key: 'akku bohr', page: 1, stockAvail: false, preOrder: false })).toEqual({
      q: 'akku bohr',
      offset: 0,
      limit: 20,
      filter: [],
      attributesToRetrieve: ['id', 'sku', 'variantSkus', 'name', 'nameEn'],
      attributesToHighlight: ['name', 'nameEn', 'sku', 'variantSkus'],
      highlightPreTag: '\uE000',
      highlightPostTag: '\uE001',
      matchingStrategy: 'all',
    });
  });

  it('pages by 20 and filters by the two toggles', () => {
    expect(engineSearchBody({ key: 'akku', page: 3, stockAvail: true, preOrder: false })).toMatchObject({ offset: 40, limit: 20, filter: ['inStock = true'] });
    expect(engineSearchBody({ key: 'akku', page: 2, stockAvail: false, preOrder: true })).toMatchObject({ offset: 20, filter: ['hasPreStock = true'] });
    expect(engineSearchBody({ key: 'akku', page: 1, stockAvail: true, preOrder: true }).filter).toEqual(['inStock = true', 'hasPreStock = true']);
  });
});

describe('readEngineSearchResult', () => {
  it('takes hits and the estimated total', () => {
    const hits = [{ id: 7, sku: 'MAT-7', variantSkus: [], name: 'Akku', nameEn: null, _formatted: { name: 'Akku' } }];
    expect(readEngineSearchResult({ hits, estimatedTotalHits: 1, processingTimeMs: 1, query: 'akku' })).toEqual({ hits, estimatedTotalHits: 1 });
  });

  it('throws on an answer without hits, without a total, or with a hit without a numeric id', () => {
    expect(() => readEngineSearchResult(null)).toThrow();
    expect(() => readEngineSearchResult({ message: 'Index not found' })).toThrow();
    expect(() => readEngineSearchResult({ hits: [] })).toThrow();
    expect(() => readEngineSearchResult({ hits: [{ id: '7' }], estimatedTotalHits: 1 })).toThrow();
    expect(() => readEngineSearchResult({ hits: [null], estimatedTotalHits: 1 })).toThrow();
  });
});
