import { describe, expect, it } from 'vitest';
import { discountBp, discountTreatment, effectiveDiscountTreatment } from './discount-treatment.ts';

describe('discountTreatment (ADR 0010)', () => {
  it.each([
    ["'invoice': deducted from the order total", 'invoice', 'deducted'],
    ['0: deducted', 0, 'deducted'],
    ["'0': deducted", '0', 'deducted'],
    ["'percent' (the demo ERP's word): deducted", 'percent', 'deducted'],
    ['spelling is forgiven: case and blanks', ' Invoice ', 'deducted'],
    ["'price': already in the customer prices", 'price', 'included'],
    ['1: included', 1, 'included'],
    ["'1': included", '1', 'included'],
    ["'none': no discount", 'none', 'none'],
    ['null: no discount', null, 'none'],
    ['undefined: no discount', undefined, 'none'],
    ['an unknown word is never deducted', 'rebate', 'none'],
    ['an unknown number is never deducted', 2, 'none'],
    ['an object is never deducted', { type: 'invoice' }, 'none'],
  ])('%s', (_case, type, expected) => {
    expect(discountTreatment(type)).toBe(expected);
  });
});

describe('discountBp', () => {
  it.each([
    [3, 300],
    [2.5, 250],
    [12.345, 1235],
    [100, 10000],
    [0, 0],
    [-1, 0],
    [100.01, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    ['3', 0],
  ])('%s %% is %i bp', (percent, bp) => {
    expect(discountBp(percent)).toBe(bp);
  });
});

describe('effectiveDiscountTreatment', () => {
  it('a percent that grants nothing shows no discount, whatever the type', () => {
    expect(effectiveDiscountTreatment('invoice', 0)).toBe('none');
    expect(effectiveDiscountTreatment('price', Number.NaN)).toBe('none');
    expect(effectiveDiscountTreatment('invoice', 3)).toBe('deducted');
    expect(effectiveDiscountTreatment('price', 3)).toBe('included');
  });
});
