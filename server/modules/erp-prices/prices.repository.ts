import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { bulkRows, integerRows, updateIntegerColumns, type BulkRow } from '../erp/bulk-rows.repository.ts';
import { readInChunks } from '../erp/in-chunks.ts';

// What the price load reads and writes: products and variants by their skus, companies by their
// customer numbers, the products' customer and tier prices; every read one query per 500 keys, every write in
// one transaction with one statement per kind (bulk-rows.repository.ts).

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
  valid_from: string | null;
  valid_to: string | null;
}

export interface StoredTierPrice {
  product_id: number;
  company_id: number | null;
  min_quantity: number;
  price_cents: number;
  valid_from: string | null;
  valid_to: string | null;
}

/** A customer or tier price as written: everything of it but its product. */
export type WrittenCustomerPrice = Omit<StoredCustomerPrice, 'product_id'>;
export type WrittenTierPrice = Omit<StoredTierPrice, 'product_id'>;

/** What one price load changes; every list holds only rows that differ from what is stored. */
export interface PriceWrites {
  products: { id: number; price_cents: number; retail_price_cents: number | null; pre_order_price_cents: number | null }[];
  /** Products whose list price came first (has_price 0): they show as the ERP wants them (is_active = erp_active). */
  priced: number[];
  variants: { id: number; price_cents: number | null }[];
  /** Products whose customer prices are replaced by these (none: all removed). */
  customerPrices: { productId: number; prices: WrittenCustomerPrice[] }[];
  /** Products whose tier prices are replaced by these (none: all removed). */
  tierPrices: { productId: number; prices: WrittenTierPrice[] }[];
}

const priceColumns = { company_id: 'integer', product_id: 'integer', price_cents: 'integer', valid_from: 'text', valid_to: 'text' } as const;

/** Deletes the customer or tier prices of the products in `replaced` and inserts `rows` instead, two statements. */
async function replacePrices(
  trx: Executor,
  table: 'customer_prices' | 'tier_prices',
  tenantId: number,
  replaced: readonly { productId: number }[],
  rows: readonly BulkRow[],
  columns: Readonly<Record<string, 'integer' | 'text'>>,
): Promise<void> {
  if (replaced.length === 0) return;
  const products = integerRows(trx, ['id'], replaced.map((entry) => ({ id: entry.productId })));
  await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId} and product_id in (select v.id from ${products})`.execute(trx);
  if (rows.length === 0) return;
  const names = Object.keys(columns).map((column) => sql.id(column));
  await sql`insert into ${sql.table(table)} (tenant_id, ${sql.join(names)})
    select ${tenantId}, ${sql.join(Object.keys(columns).map((column) => sql`v.${sql.id(column)}`))} from ${bulkRows(trx, columns, rows)}`.execute(trx);
}

export function createErpPriceRepository(db: Database) {
  return {
    async findProducts(tenantId: number, skus: readonly string[]): Promise<StoredProductPrices[]> {
      return readInChunks(skus, (chunk) =>
        db
          .selectFrom('products')
          .select(['id', 'sku', 'currency', 'price_cents', 'retail_price_cents', 'pre_order_price_cents', 'has_price'])
          .where('tenant_id', '=', tenantId)
          .where('sku', 'in', chunk)
          .execute(),
      );
    },

    async findVariants(tenantId: number, variantSkus: readonly string[]): Promise<StoredVariantPrice[]> {
      return readInChunks(variantSkus, (chunk) =>
        db
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .select(['v.id', 'v.variant_sku', 'v.price_cents', 'p.currency'])
          .where('v.tenant_id', '=', tenantId)
          .where('v.variant_sku', 'in', chunk)
          .execute(),
      );
    },

    /** Company ids by customer number. */
    async findCompanies(tenantId: number, customerNos: readonly string[]): Promise<{ id: number; customer_no: string }[]> {
      return readInChunks(customerNos, (chunk) =>
        db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).where('customer_no', 'in', chunk).execute(),
      );
    },

    async findCustomerPrices(tenantId: number, productIds: readonly number[]): Promise<StoredCustomerPrice[]> {
      return readInChunks(productIds, (chunk) =>
        db
          .selectFrom('customer_prices')
          .select(['product_id', 'company_id', 'price_cents', 'valid_from', 'valid_to'])
          .where('tenant_id', '=', tenantId)
          .where('product_id', 'in', chunk)
          .execute(),
      );
    },

    async findTierPrices(tenantId: number, productIds: readonly number[]): Promise<StoredTierPrice[]> {
      return readInChunks(productIds, (chunk) =>
        db
          .selectFrom('tier_prices')
          .select(['product_id', 'company_id', 'min_quantity', 'price_cents', 'valid_from', 'valid_to'])
          .where('tenant_id', '=', tenantId)
          .where('product_id', 'in', chunk)
          .execute(),
      );
    },

    /** Writes the changes in one transaction: nothing of them, or all. */
    async write(tenantId: number, writes: PriceWrites, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await updateIntegerColumns(trx, 'products', tenantId, ['price_cents', 'retail_price_cents', 'pre_order_price_cents'], writes.products, now);
        if (writes.priced.length > 0) {
          const priced = integerRows(trx, ['id'], writes.priced.map((id) => ({ id })));
          await sql`update products set has_price = 1, is_active = erp_active, updated_at = ${now}
            where tenant_id = ${tenantId} and has_price = 0 and id in (select v.id from ${priced})`.execute(trx);
        }
        await updateIntegerColumns(trx, 'product_variants', tenantId, ['price_cents'], writes.variants, null);
        const customerPrices = writes.customerPrices.flatMap((entry) => entry.prices.map((price) => ({ ...price, product_id: entry.productId })));
        await replacePrices(trx, 'customer_prices', tenantId, writes.customerPrices, customerPrices, priceColumns);
        const tierPrices = writes.tierPrices.flatMap((entry) => entry.prices.map((price) => ({ ...price, product_id: entry.productId })));
        await replacePrices(trx, 'tier_prices', tenantId, writes.tierPrices, tierPrices, { ...priceColumns, min_quantity: 'integer' });
      });
    },
  };
}

export type ErpPriceRepository = ReturnType<typeof createErpPriceRepository>;
