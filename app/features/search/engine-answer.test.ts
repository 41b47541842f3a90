import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../core/catalog-types';
import { mergeEngineAnswer } from './engine-answer';
import { engineHighlightPostTag as post, engineHighlightPreTag as pre } from './engine-highlight';
import type { EngineHit } from './engine-query';

function product(id: number, name: string, sku: string, variantSku?: string): Product {
  return {
    _id: id,
    name,
    sku,
    ...(variantSku ? { variantSku } : {}),
    categoryId: 1,
    images: [],
    price: { value: 12.5, currency: 'EUR', rrp: null, preOrderPrice: null },
    tierPrices: [],
    isGrossPrice: false,
    vatRate: 19,
    stock: { value: 3 },
    preStocks: [],
    isStockFreeze: false,
    salesBatchSize: 1,
    salesUnit: null,
    materialUnits: [],
    releaseDate: null,
    isOnlySellableWithPositiveStock: false,
    attributes: {},
    salesAttributes: {},
    variants: [],
    reviews: { average: null, count: 0 },
  };
}

const tools: Category = { _id: 4, name: 'Akkuwerkzeug', parent: null, isDeal: false, isActive: true, verboseName: 'Akkuwerkzeug-4' };

/** A hit as the engine sends it: the plain fields and the same ones tagged. */
function hit(id: number, formatted: EngineHit['_formatted']): EngineHit {
  const untag = (text: string) => text.replaceAll(pre, '').replaceAll(post, '');
  return {
    id,
    sku: formatted?.sku && untag(formatted.sku),
    variantSkus: formatted?.variantSkus?.map(untag) ?? [],
    name: formatted?.name && untag(formatted.name),
    nameEn: formatted?.nameEn ? untag(formatted.nameEn) : null,
    _formatted: formatted,
  };
}

describe('mergeEngineAnswer', () => {
  it('keeps the engine order, with the shop products, the estimated total, the engine page and the shop categories', () => {
    const answer = mergeEngineAnswer({
      key: 'akku',
      page: 2,
      engine: {
        hits: [hit(40, { name: `${pre}Akku${post}-Schrauber`, sku: 'MAT-40', variantSkus: [] }), hit(7, { name: `${pre}Akku${post} 2 Ah`, sku: 'MAT-7', variantSkus: [] })],
        estimatedTotalHits: 57,
      },
      shop: { data: [product(7, 'Akku 2 Ah', 'MAT-7'), product(40, 'Akku-Schrauber', 'MAT-40')], meta: { categories: [tools] } },
    });
    expect(answer.data.map((found) => found._id)).toEqual([40, 7]);
    expect(answer.data[0]).toMatchObject({ name: 'Akku-Schrauber', price: { value: 12.5 }, stock: { value: 3 } });
    expect(answer.meta).toEqual({ total: 57, page: 2, pageSize: 20, categories: [tools] });
  });

  it('leaves out hits the shop did not send (hidden or inactive for this buyer)', () => {
    const answer = mergeEngineAnswer({
      key: 'akku',
      page: 1,
      engine: { hits: [hit(1, { name: 'Akku A' }), hit(2, { name: 'Akku B' }), hit(3, { name: 'Akku C' })], estimatedTotalHits: 3 },
      shop: { data: [product(3, 'Akku C', 'MAT-3')], meta: { categories: [] } },
    });
    expect(answer.data.map((found) => found._id)).toEqual([3]);
    expect(answer.meta.total).toBe(3);
  });

  it('answers an empty page with the categories the shop found', () => {
    const answer = mergeEngineAnswer({ key: 'akkuwerk', page: 1, engine: { hits: [], estimatedTotalHits: 0 }, shop: { data: [], meta: { categories: [tools] } } });
    expect(answer).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 20, categories: [tools] } });
  });

  it("takes the name's marks from the German or the English name, whichever the shop shows", () => {
    const engineHit = hit(5, { name: `${pre}Bohr${post}schrauber`, nameEn: `Cordless ${pre}drill${post}`, sku: 'MAT-5', variantSkus: [] });
    const german = mergeEngineAnswer({ key: 'bohr', page: 1, engine: { hits: [engineHit], estimatedTotalHits: 1 }, shop: { data: [product(5, 'Bohrschrauber', 'MAT-5')], meta: { categories: [] } } });
    expect(german.data[0]!.highlight.name).toEqual([[0, 4]]);
    const english = mergeEngineAnswer({ key: 'drill', page: 1, engine: { hits: [engineHit], estimatedTotalHits: 1 }, shop: { data: [product(5, 'Cordless drill', 'MAT-5')], meta: { categories: [] } } });
    expect(english.data[0]!.highlight.name).toEqual([[9, 14]]);
  });

  it("marks the key's words itself where the shown text is not the engine's (a rename the engine has not caught up with)", () => {
    const answer = mergeEngineAnswer({
      key: 'Schlüssel bund',
      page: 1,
      engine: { hits: [hit(9, { name: `${pre}Schlüssel${post} alt`, sku: `${pre}MAT${post}-9`, variantSkus: [] })], estimatedTotalHits: 1 },
      shop: { data: [product(9, 'Schlüsselbund neu', 'MAT-0009')], meta: { categories: [] } },
    });
    expect(answer.data[0]!.highlight).toEqual({ name: [[0, 13]], sku: [], variantSku: [] });
  });

  it('falls back to its own marks when the engine sent no formatted texts, or texts that are not strings', () => {
    const bare: EngineHit = { id: 9 };
    const odd = { id: 9, _formatted: { name: 42, sku: ['MAT-9'], variantSkus: 'MAT-9-XL' } } as unknown as EngineHit;
    for (const engineHit of [bare, odd]) {
      const answer = mergeEngineAnswer({
        key: 'hammer mat',
        page: 1,
        engine: { hits: [engineHit], estimatedTotalHits: 1 },
        shop: { data: [product(9, 'Hammer', 'MAT-9', 'MAT-9-XL')], meta: { categories: [] } },
      });
      expect(answer.data[0]!.highlight).toEqual({ name: [[0, 6]], sku: [[0, 3]], variantSku: [[0, 3]] });
    }
  });

  it('takes the sku marks from the engine, and no variant marks for a product without a variant', () => {
    const answer = mergeEngineAnswer({
      key: 'MAT-0024',
      page: 1,
      engine: { hits: [hit(24, { name: 'Hammer', sku: `${pre}MAT-0024${post}85`, variantSkus: [`${pre}MAT-0024${post}85-S`] })], estimatedTotalHits: 1 },
      shop: { data: [product(24, 'Hammer', 'MAT-002485')], meta: { categories: [] } },
    });
    expect(answer.data[0]!.highlight).toEqual({ name: [], sku: [[0, 8]], variantSku: [] });
  });

  it("marks a variant from the engine's variant sku that is the shop's variant", () => {
    const answer = mergeEngineAnswer({
      key: 'MAT-0024-L',
      page: 1,
      engine: {
        hits: [hit(24, { name: 'Handschuh', sku: 'MAT-0024', variantSkus: [`MAT-0024-${pre}S${post}`, `${pre}MAT-0024-L${post}`, 'MAT-0024-XL'] })],
        estimatedTotalHits: 1,
      },
      shop: { data: [product(24, 'Handschuh', 'MAT-0024', 'MAT-0024-L')], meta: { categories: [] } },
    });
    expect(answer.data[0]).toMatchObject({ variantSku: 'MAT-0024-L', highlight: { variantSku: [[0, 10]] } });
  });

  it("marks a variant sku itself when the engine does not list the shop's variant", () => {
    const answer = mergeEngineAnswer({
      key: 'handschuh-xl',
      page: 1,
      engine: { hits: [hit(24, { name: 'Handschuh', sku: 'MAT-0024', variantSkus: ['MAT-0024-S'] })], estimatedTotalHits: 1 },
      shop: { data: [product(24, 'Handschuh', 'MAT-0024', 'HANDSCHUH-XL')], meta: { categories: [] } },
    });
    expect(answer.data[0]!.highlight.variantSku).toEqual([[0, 12]]);
  });
});
