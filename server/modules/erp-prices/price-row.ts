import { z } from 'zod';
import { moneyIn } from '../../../core/api-money.ts';
import { skuKeyShape } from '../erp/sku-keys.ts';

// A row of PUT /erp/v1/prices (docs/erp-integration.md, "Prices"): the list price of a product or a
// variant, a product's retail and pre-order price and its customer prices. Amounts are major units
// (12.5 for 12,50 €) in the product's currency; only the fields sent change.

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
        }),
      )
      .max(maxCustomerPrices)
      .optional()
      .meta({
        description:
          'The companies’ own prices of the product (products only), in its currency; a company’s price applies to every variant of the product. When sent, the list replaces all of the product’s customer prices; [] removes them.',
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
    },
  });

export type PriceRow = z.infer<typeof priceRow>;
