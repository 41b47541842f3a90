import { z } from 'zod';
import { moneyIn } from '../../../core/api-money.ts';
import { calendarDate } from '../../../core/calendar-date.ts';
import { skuKeyShape } from '../erp/sku-keys.ts';

// A row of PUT /erp/v1/prices (docs/erp-integration.md, "Prices"): the list price of a product or a
// variant, a product's retail and pre-order price, its customer prices and its tier prices, these two
// with the days they apply on. Amounts are major units (12.5 for 12,50 €) in the product's currency;
// only the fields sent change. How they make the buyer's price: docs/product.md, "The buyer's price".

/** The dearest amount a price may have (major units): ten million, well inside the integer cents the databases hold. */
export const maxPriceAmount = 10_000_000;

/** An amount above 0 with at most two decimals; moneyIn (core/api-money.ts) makes it cents. */
const priceAmount = z
  .number()
  .refine((value) => moneyIn(value) !== null && value > 0 && value <= maxPriceAmount, 'erp.price.invalid')
  .meta({ description: `Major units, above 0, at most two decimals and ${maxPriceAmount.toLocaleString('en')} (12.5 for 12,50 €).` });

const price = z
  .strictObject({
    amount: priceAmount,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'erp.currency.invalid')
      .meta({ description: 'ISO 4217 code; must be the product’s currency.' }),
  })
  .meta({ id: 'PriceAmount', example: { amount: 12.5, currency: 'EUR' } });

/** The days a customer or tier price applies on: shop days, both inclusive, open where left out. */
const validityShape = {
  validFrom: calendarDate.nullish().meta({ description: 'The first shop day (Europe/Berlin) the price applies on, YYYY-MM-DD; open when left out.' }),
  validTo: calendarDate.nullish().meta({ description: 'The last shop day the price applies on (inclusive), YYYY-MM-DD; open when left out. Not before validFrom.' }),
};

/** A validTo before its validFrom fails the price at validTo. */
function checkValidityOrder(price: { validFrom?: string | null; validTo?: string | null }, context: z.RefinementCtx): void {
  if (price.validFrom && price.validTo && price.validTo < price.validFrom) {
    context.addIssue({ code: 'custom', path: ['validTo'], message: 'erp.price.validity.order' });
  }
}

/** The most pieces a tier may start at: far beyond any basket line's quantity. */
export const maxTierQuantity = 1_000_000;

/** Tier prices a product may have: a few per company at most in practice. */
export const maxTierPrices = 10_000;

const tierPrice = z
  .strictObject({
    minQuantity: z
      .number()
      .int('erp.price.tier.min_quantity')
      .min(2, 'erp.price.tier.min_quantity')
      .max(maxTierQuantity, 'erp.price.tier.min_quantity')
      .meta({ description: 'The price applies to a line of at least this many pieces (2 or more).' }),
    amount: priceAmount,
    companyExternalId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .nullish()
      .meta({ description: 'The company’s customer number: the tier is that company’s own. Left out: the tier applies to every buyer.' }),
    ...validityShape,
  })
  .superRefine(checkValidityOrder)
  .meta({ id: 'TierPrice', example: { minQuantity: 10, amount: 4.2 } });

/** A tier twice (same minimum quantity, company and first day) fails the row at the later one. */
function checkTierDoubles(tiers: readonly z.infer<typeof tierPrice>[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  tiers.forEach((tier, index) => {
    const key = JSON.stringify([tier.minQuantity, tier.companyExternalId ?? null, tier.validFrom ?? null]);
    if (seen.has(key)) context.addIssue({ code: 'custom', path: [index, 'minQuantity'], message: 'erp.price.tier.duplicate' });
    seen.add(key);
  });
}

/** Customer prices a product may have: one per company, so at most as many as a tenant has companies in practice. */
export const maxCustomerPrices = 10_000;

export const priceRow = z
  .strictObject({
    ...skuKeyShape,
    listPrice: price
      .nullable()
      .optional()
      .meta({ description: 'The list price. For a variant, null returns it to the product’s list price; a product’s cannot be cleared.' }),
    retailPrice: price.nullable().optional().meta({ description: 'The recommended retail price (products only); null clears it.' }),
    preOrderPrice: price.nullable().optional().meta({ description: 'The price of pre-orders (products only); null clears it, pre-orders then pay the list price.' }),
    customerPrices: z
      .array(
        z.strictObject({
          companyExternalId: z.string().trim().min(1).max(100).meta({ description: 'The company’s customer number.' }),
          amount: priceAmount,
          ...validityShape,
        })
        .superRefine(checkValidityOrder),
      )
      .max(maxCustomerPrices)
      .optional()
      .meta({
        description:
          'The companies’ own prices of the product (products only), in its currency, one per company; a company’s price applies to every variant of the product. When sent, the list replaces all of the product’s customer prices; [] removes them. Outside its validFrom–validTo the price does not apply.',
      }),
    tierPrices: z
      .array(tierPrice)
      .max(maxTierPrices)
      .superRefine(checkTierDoubles)
      .optional()
      .meta({
        description:
          'The product’s prices by quantity (products only), in its currency; they apply to every variant of the product. A line of at least minQuantity pieces pays the lowest of the reached tiers and the customer price (docs/product.md). When sent, the list replaces all of the product’s tier prices; [] removes them.',
      }),
  })
  .meta({
    id: 'PriceRow',
    description:
      'The prices of one product (by sku) or one variant (by variantSku). Only the fields sent change. A product the catalogue load created without a price shows in the shop once its list price came.',
    example: {
      sku: 'SCHR-4711',
      listPrice: { amount: 12.5, currency: 'EUR' },
      retailPrice: { amount: 19.9, currency: 'EUR' },
      preOrderPrice: null,
      customerPrices: [{ companyExternalId: '10001', amount: 11.25 }],
      tierPrices: [
        { minQuantity: 10, amount: 11.5 },
        { minQuantity: 50, amount: 10.9, companyExternalId: '10001', validFrom: '2026-01-01', validTo: '2026-12-31' },
      ],
    },
  });

export type PriceRow = z.infer<typeof priceRow>;
