import { describe, expect, it } from 'vitest';
import { buyerUnitCents, type BuyerPriceInput } from './buyer-price.ts';

const prices = (overrides: Partial<BuyerPriceInput> = {}): BuyerPriceInput => ({ listCents: 1000, variantCents: null, customerCents: null, preOrderCents: null, ...overrides });

describe('buyerUnitCents', () => {
  it.each([
    ['the list price without anything else', prices(), 'order', 1000],
    ['a variant’s own list price over the product’s', prices({ variantCents: 1200 }), 'order', 1200],
    ['the customer price over the list price', prices({ customerCents: 900 }), 'order', 900],
    ['the customer price over a variant’s list price', prices({ customerCents: 900, variantCents: 1200 }), 'order', 900],
    ['a customer price of 0 is a price, not a missing one', prices({ customerCents: 0 }), 'order', 0],
    ['the pre-order price for pre-order lines', prices({ customerCents: 900, preOrderCents: 800 }), 'preOrder', 800],
    ['the order price for pre-order lines without a pre-order price', prices({ customerCents: 900 }), 'preOrder', 900],
    ['the pre-order price does not change order lines', prices({ preOrderCents: 800 }), 'order', 1000],
  ] as const)('%s', (_case, input, orderType, expected) => {
    expect(buyerUnitCents(input, orderType)).toBe(expected);
  });
});
