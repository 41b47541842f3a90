import type { Database } from '../../db/database.ts';
import { updateIntegerColumns } from '../erp/batched-update.repository.ts';
import { inChunks } from '../erp/in-chunks.ts';

// What the price load reads and writes: products and variants by their skus, companies by their
// customer numbers, the products' customer prices; every read one query per 500 keys, every write in
// one transaction with one statement per kind and 500 rows.

export interface StoredProductPrices {
  id: number;
  sku: string;
  currency: string;
  price_cents: number;
  retail_price_cents: number | null;
  pre_order_price_cents: number | null;
  has_price: number;
}

export interface StoredVariantPrice {
  id: number;
  variant_sku: string;
  price_cents: number | null;
  currency: string;
}

export interface StoredCustomerPrice {
  product_id: number;
  company_id: number;
  price_cents: number;
}

/** What one price load changes; every list holds only rows that differ from what is stored. */
export interface PriceWrites {
  products: { id: number; price_cents: number; retail_price_cents: number | null; pre_order_price_cents: number | null }[];
  /** Products whose list price came first (has_price 0): they show as the ERP wants them (is_active = erp_active). */
  priced: number[];
  variants: { id: number; price_cents: number | null }[];
  /** Products whose customer prices are replaced by these (none: all removed). */
  customerPrices: { productId: number; prices: { companyId: number; priceCents: number }[] }[];
}

export function createErpPriceRepository(db: Database) {
  return {
    async findProducts(tenantId: number, skus: readonly string[]): Promise<StoredProductPrices[]> {
      const found: StoredProductPrices[] = [];
      for (const chunk of inChunks(skus)) {
        found.push(
          ...(await db
            .selectFrom('products')
            .select(['id', 'sku', 'currency', 'price_cents', 'retail_price_cents', 'pre_order_price_cents', 'has_price'])
            .where('tenant_id', '=', tenantId)
            .where('sku', 'in', chunk)
            .execute()),
        );
      }
      return found;
    },

    async findVariants(tenantId: number, variantSkus: readonly string[]): Promise<StoredVariantPrice[]> {
      const found: StoredVariantPrice[] = [];
      for (const chunk of inChunks(variantSkus)) {
        found.push(
          ...(await db
            .selectFrom('product_variants as v')
            .innerJoin('products as p', 'p.id', 'v.product_id')
            .select(['v.id', 'v.variant_sku', 'v.price_cents', 'p.currency'])
            .where('v.tenant_id', '=', tenantId)
            .where('v.variant_sku', 'in', chunk)
            .execute()),
        );
      }
      return found;
    },

    /** Company ids by customer number. */
    async findCompanies(tenantId: number, customerNos: readonly string[]): Promise<{ id: number; customer_no: string }[]> {
      const found: { id: number; customer_no: string }[] = [];
      for (const chunk of inChunks(customerNos)) {
        found.push(...(await db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).where('customer_no', 'in', chunk).execute()));
      }
      return found;
    },

    async findCustomerPrices(tenantId: number, productIds: readonly number[]): Promise<StoredCustomerPrice[]> {
      const found: StoredCustomerPrice[] = [];
      for (const chunk of inChunks(productIds)) {
        found.push(
          ...(await db
            .selectFrom('customer_prices')
            .select(['product_id', 'company_id', 'price_cents'])
            .where('tenant_id', '=', tenantId)
            .where('product_id', 'in', chunk)
            .execute()),
        );
      }
      return found;
    },

    /** Writes the changes in one transaction: nothing of them, or all. */
    async write(tenantId: number, writes: PriceWrites, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await updateIntegerColumns(
          trx,
          'products',
          tenantId,
          ['price_cents', 'retail_price_cents', 'pre_order_price_cents'],
          writes.products.map(({ id, ...values }) => ({ id, values })),
          { now },
        );
        for (const chunk of inChunks(writes.priced)) {
          await trx
            .updateTable('products')
            .set((eb) => ({ has_price: 1, is_active: eb.ref('erp_active'), updated_at: now }))
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', chunk)
            .where('has_price', '=', 0)
            .execute();
        }
        await updateIntegerColumns(
          trx,
          'product_variants',
          tenantId,
          ['price_cents'],
          writes.variants.map(({ id, price_cents }) => ({ id, values: { price_cents } })),
          null,
        );
        for (const chunk of inChunks(writes.customerPrices.map((entry) => entry.productId))) {
          await trx.deleteFrom('customer_prices').where('tenant_id', '=', tenantId).where('product_id', 'in', chunk).execute();
        }
        const inserted = writes.customerPrices.flatMap((entry) =>
          entry.prices.map((price) => ({ tenant_id: tenantId, company_id: price.companyId, product_id: entry.productId, price_cents: price.priceCents })),
        );
        for (const chunk of inChunks(inserted)) await trx.insertInto('customer_prices').values(chunk).execute();
      });
    },
  };
}

export type ErpPriceRepository = ReturnType<typeof createErpPriceRepository>;
