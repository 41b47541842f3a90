import { z } from 'zod';
import { skuKeyShape } from '../erp/sku-keys.ts';

// A row of PUT /erp/v1/stock (docs/erp-integration.md, "Stock"): the stock of a product or a variant
// and a product's pre-stock per season (docs/product.md, Entities: pre-stocks per season).

/** The most pieces a stock figure may hold: a billion, well inside the databases' integers. */
export const maxStockQuantity = 1_000_000_000;

const pieces = z.number().int('validation.whole_number').min(0, 'validation.negative').max(maxStockQuantity, 'validation.invalid');

export const stockRow = z
  .strictObject({
    ...skuKeyShape,
    quantity: pieces.meta({
      description:
        'Pieces in stock, a whole number from 0. A product’s stock is what the shop’s “only available stock” filter and search read, so for a product with variants send their total with its sku.',
    }),
    preStocks: z
      .array(
        z.strictObject({
          seasonExternalId: z.string().trim().min(1).max(100).meta({ description: 'The season’s externalId (PUT /erp/v1/seasons).' }),
          quantity: pieces
            .nullable()
            .meta({ description: 'The season’s pre-stock; 0 keeps the season open for pre-orders with none left, null removes the season from the product.' }),
        }),
      )
      .max(100)
      .optional()
      .meta({ description: 'The product’s pre-stock per season (products only); seasons not named keep theirs. A product with pre-stock can be pre-ordered.' }),
  })
  .meta({
    id: 'StockRow',
    description: 'The stock of one product (by sku) or one variant (by variantSku), and a product’s pre-stock per season.',
    example: { sku: 'SCHR-4711', quantity: 120, preStocks: [{ seasonExternalId: 'FS27', quantity: 400 }] },
  });

export type StockRow = z.infer<typeof stockRow>;
