import { describe, expect, it } from 'vitest';
import { isCredited, lineGrantsFile, linesGivingAccess } from './product-downloads.ts';

// The rule of downloadable products' files (docs/product.md, Product documents and downloads): a product's
// file comes with a line of the product or any of its variants, a variant's file with a line of that variant;
// a line a credit note of its order names gives nothing.

describe('which line gives which file', () => {
  const productFile = { productId: 5, variantId: null };
  const variantFile = { productId: 5, variantId: 51 };

  it('gives a product’s file with a line of the product or any of its variants', () => {
    expect(lineGrantsFile(productFile, { productId: 5, variantId: null })).toBe(true);
    expect(lineGrantsFile(productFile, { productId: 5, variantId: 52 })).toBe(true);
    expect(lineGrantsFile(productFile, { productId: 6, variantId: null })).toBe(false);
  });

  it('gives a variant’s file with a line of that variant only', () => {
    expect(lineGrantsFile(variantFile, { productId: 5, variantId: 51 })).toBe(true);
    expect(lineGrantsFile(variantFile, { productId: 5, variantId: 52 })).toBe(false);
    expect(lineGrantsFile(variantFile, { productId: 5, variantId: null })).toBe(false);
  });
});

describe('credited lines', () => {
  const credited = new Map([
    [1, new Set(['P5-RED'])],
    [2, new Set(['P5'])],
  ]);

  it('are those a credit note of their own order names, by the variant’s sku or the product’s', () => {
    expect(isCredited({ orderId: 1, sku: 'P5', variantSku: 'P5-RED' }, credited)).toBe(true);
    expect(isCredited({ orderId: 1, sku: 'P5', variantSku: 'P5-BLUE' }, credited)).toBe(false);
    expect(isCredited({ orderId: 1, sku: 'P5', variantSku: null }, credited)).toBe(false);
    expect(isCredited({ orderId: 2, sku: 'P5', variantSku: 'P5-BLUE' }, credited)).toBe(true);
    expect(isCredited({ orderId: 2, sku: 'P5', variantSku: null }, credited)).toBe(true);
    expect(isCredited({ orderId: 3, sku: 'P5', variantSku: null }, credited)).toBe(false);
  });

  it('give no access; any other bought line still does', () => {
    const lines = [
      { orderId: 1, sku: 'P5', variantSku: 'P5-RED' },
      { orderId: 3, sku: 'P5', variantSku: 'P5-RED' },
    ];
    expect(linesGivingAccess(lines, credited)).toEqual([lines[1]]);
    expect(linesGivingAccess(lines.slice(0, 1), credited)).toEqual([]);
  });
});
