import {
  brands,
  categoryTree,
  dealCategory,
  descriptionSentences,
  inactiveCategory,
  originCountries,
  variantOptions,
  type MainCategorySpec,
  type SubcategorySpec,
  type UnitCode,
} from './catalog-words.ts';
import { chance, int, pick, pickDistinct, randomFor, type Random } from './prng.ts';

// Demo product number i (1-based), computed from i alone: the catalogue for N products is always
// the first N of one endless deterministic list, so a bigger seed extends a smaller one exactly.

export interface GeneratedVariant {
  sku: string;
  name: string;
  attributes: Record<string, string>;
  priceCents: number | null;
  stock: number;
}

export interface GeneratedProduct {
  index: number;
  sku: string;
  name: string;
  description: string;
  categorySlug: string;
  mainSlug: string;
  priceCents: number;
  retailPriceCents: number;
  preOrderPriceCents: number;
  taxCategory: 'standard' | 'reduced';
  stock: number;
  isStockFreeze: boolean;
  isOnlySellableWithPositiveStock: boolean;
  salesBatchSize: number;
  salesUnit: UnitCode;
  releaseDate: string | null;
  attributes: Record<string, string>;
  salesAttributes: Record<string, string>;
  isActive: boolean;
  isFeatured: boolean;
  bestsellerRank: number | null;
  createdAt: string;
  variants: GeneratedVariant[];
  /** File names under /media/products/. */
  images: string[];
  materialUnits: { unit: UnitCode; ratioMilli: number; mainUnit: UnitCode }[];
  /** Pre-stock quantity per season (by season position); empty when the product has none. */
  preStocks: number[];
  /** Special prices per customer number. */
  customerPrices: { customerNo: string; priceCents: number }[];
}

interface Leaf {
  main: MainCategorySpec;
  sub: SubcategorySpec;
}

export const leaves: readonly Leaf[] = categoryTree.flatMap((main) => main.subcategories.map((sub) => ({ main, sub })));
export const seasonCount = 3;
const PRODUCT_STREAM = 0x5eed;
const createdBase = Date.UTC(2025, 0, 6, 7, 0, 0);

export function skuOf(index: number): string {
  return `MAT-${String(index).padStart(6, '0')}`;
}

/** Price in cents ending in 9 (…,49 / …,99 look like shop prices). */
function shopPrice(cents: number): number {
  return Math.max(49, Math.round(cents / 10) * 10 - 1);
}

function isoDate(random: Random, year: number, fromMonth: number, toMonth: number): string {
  return `${year}-${String(int(random, fromMonth, toMonth)).padStart(2, '0')}-${String(int(random, 1, 28)).padStart(2, '0')}`;
}

function ean13(index: number): string {
  const body = `40${String(index).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

function germanDecimal(value: number, digits: number): string {
  return value.toFixed(digits).replace('.', ',');
}

function units(random: Random, sub: SubcategorySpec): { salesUnit: UnitCode; materialUnits: GeneratedProduct['materialUnits']; pack: number } {
  if (sub.unit === 'M') return { salesUnit: 'M', materialUnits: [{ unit: 'M', ratioMilli: 1000, mainUnit: 'M' }], pack: 1 };
  const piece = { unit: 'ST' as const, ratioMilli: 1000, mainUnit: 'ST' as const };
  const packs = sub.packs ?? [];
  if (sub.unit === 'KAR' && packs.length > 0) {
    const pack = pick(random, packs);
    return { salesUnit: 'KAR', materialUnits: [piece, { unit: 'KAR', ratioMilli: pack * 1000, mainUnit: 'ST' }], pack };
  }
  if (sub.pallets && packs.length > 0 && chance(random, 0.3)) {
    const pack = pick(random, packs);
    return { salesUnit: 'PAL', materialUnits: [piece, { unit: 'PAL', ratioMilli: pack * 1000, mainUnit: 'ST' }], pack };
  }
  if (packs.length > 0 && chance(random, 0.4)) {
    return { salesUnit: 'ST', materialUnits: [piece, { unit: 'KAR', ratioMilli: pick(random, packs) * 1000, mainUnit: 'ST' }], pack: 1 };
  }
  return { salesUnit: 'ST', materialUnits: [piece], pack: 1 };
}

export function generateProduct(index: number): GeneratedProduct {
  const random = randomFor(PRODUCT_STREAM, index);
  const { main, sub } = pick(random, leaves);
  const placement = random();
  const categorySlug = placement < 0.03 ? dealCategory.slug : placement < 0.04 ? inactiveCategory.slug : sub.slug;
  const sku = skuOf(index);

  const brand = pick(random, brands);
  const noun = pick(random, sub.nouns);
  const qualifier = pick(random, sub.qualifiers);
  const size = pick(random, sub.sizes);
  const name = `${brand} ${noun} ${qualifier} ${size}`;
  const description = `${noun} von ${brand}, ${qualifier}, ${size}. ${pickDistinct(random, descriptionSentences, 2).join(' ')}`;

  const { salesUnit, materialUnits, pack } = units(random, sub);
  const basePrice = int(random, sub.price[0], sub.price[1]);
  const priceCents = shopPrice(salesUnit === 'PAL' ? Math.round(basePrice * pack * 0.9) : basePrice);
  const retailPriceCents = shopPrice(Math.round(priceCents * (1.35 + random() * 0.55)));
  const preOrderPriceCents = Math.max(1, Math.round(priceCents * 0.92));
  const salesBatchSize = salesUnit === 'ST' ? pick(random, [1, 1, 1, 1, 1, 5, 5, 10, 10, 25]) : 1;

  const outOfStock = chance(random, 0.1);
  let releaseDate: string | null = null;
  if (outOfStock && chance(random, 0.7)) {
    releaseDate = chance(random, 0.5) ? isoDate(random, 2027, 1, 9) : isoDate(random, 2026, 1, 10);
  } else if (!outOfStock && chance(random, 0.08)) {
    releaseDate = isoDate(random, 2026, 1, 10);
  }
  const isStockFreeze = chance(random, 0.05);
  const hasPreStocks = isStockFreeze || chance(random, 0.15);
  const preStocks = hasPreStocks
    ? Array.from({ length: seasonCount }, () => int(random, 0, 40) * 10 * salesBatchSize)
    : [];
  const isOnlySellableWithPositiveStock = chance(random, 0.05);

  const variants: GeneratedVariant[] = [];
  if (sub.variants && chance(random, 0.35)) {
    const kind = variantOptions[sub.variants];
    for (const [code, label] of pickDistinct(random, kind.options, int(random, 2, 4))) {
      variants.push({
        sku: `${sku}-${code}`,
        name: `${name}, ${label}`,
        attributes: { [kind.attribute]: label },
        priceCents: chance(random, 0.3) ? shopPrice(Math.round(priceCents * (1.05 + random() * 0.1))) : null,
        stock: outOfStock ? 0 : int(random, 0, 400),
      });
    }
  }
  const stock = outOfStock
    ? 0
    : variants.length > 0
      ? variants.reduce((sum, v) => sum + v.stock, 0)
      : int(random, 1, salesUnit === 'PAL' ? 60 : 2500);

  const attributes: Record<string, string> = { Marke: brand };
  for (const [key, values] of Object.entries(sub.attributes)) attributes[key] = pick(random, values);
  const salesAttributes: Record<string, string> = {
    Herkunftsland: pick(random, originCountries),
    Zolltarifnummer: String(int(random, 39000000, 96999999)),
    EAN: ean13(index),
    Gewicht: `${germanDecimal(int(random, 50, 25000) / 1000, 2)} kg`,
  };

  const imageCount = 1 + (chance(random, 0.4) ? 1 : 0) + (chance(random, 0.15) ? 1 : 0);
  const firstImage = int(random, 0, 2);
  const images = Array.from({ length: imageCount }, (_, k) => `${main.slug}-${((firstImage + k) % 3) + 1}.svg`);

  const customerPrices: GeneratedProduct['customerPrices'] = [];
  if (index % 23 === 0) customerPrices.push({ customerNo: '10001', priceCents: Math.round(priceCents * 0.85) });
  if (index % 29 === 0) customerPrices.push({ customerNo: '10002', priceCents: Math.round(priceCents * 0.9) });

  return {
    index,
    sku,
    name,
    description,
    categorySlug,
    mainSlug: main.slug,
    priceCents,
    retailPriceCents,
    preOrderPriceCents,
    taxCategory: sub.reducedVat ? 'reduced' : 'standard',
    stock,
    isStockFreeze,
    isOnlySellableWithPositiveStock,
    salesBatchSize,
    salesUnit,
    releaseDate,
    attributes,
    salesAttributes,
    isActive: !chance(random, 0.01),
    isFeatured: index % 61 === 5,
    bestsellerRank: index <= 1850 && index % 37 === 3 ? (index - 3) / 37 + 1 : null,
    createdAt: new Date(createdBase + index * 311_000).toISOString(),
    variants,
    images,
    materialUnits,
    preStocks,
    customerPrices,
  };
}
