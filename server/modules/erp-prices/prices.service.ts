import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import { groupByProduct } from '../../lib/group-by-product.ts';
import { moneyIn } from '../../../core/api-money.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { inLineOrder, parseKeyedRows, type KeyedRow } from '../erp/keyed-rows.ts';
import type { RowProblem, RowResult } from '../erp/row-results.ts';
import { skuKeyRules, skusByKind, unknownSkuProblem, type SkuKey } from '../erp/sku-keys.ts';
import { priceRow, type PriceRow } from './price-row.ts';
import type {
  ErpPriceRepository,
  PriceWrites,
  StoredCustomerPrice,
  StoredProductPrices,
  StoredTierPrice,
  StoredVariantPrice,
  WrittenCustomerPrice,
  WrittenTierPrice,
} from './prices.repository.ts';

// PUT /erp/v1/prices (docs/erp-integration.md, "Prices"): list, retail, pre-order, customer and tier prices.
//  1. Each row against its schema and key (a sku or variant sku sent twice fails the later row; so does a
//     tier sent twice or a validTo before its validFrom).
//  2. What is stored for all keys of the request: one read per kind (products, variants, companies,
//     customer prices, tier prices), 500 keys a query.
//  3. Each row against what is stored, in memory: an unknown sku or company, or a currency other than
//     the product's, fails the row; a row that changes nothing is unchanged and writes nothing.
//  4. The changes of all rows in one transaction. Every check is done before it, so no row can fail in it.
//  5. The catalogue and search answers this process keeps are forgotten, so the storefront shows the new
//     prices at once (other processes within their few seconds, server/cache.ts); the basket prices
//     every line anew when it is read and at checkout (ADR 0006), marking a changed price as oldPrice.
// A product the catalogue load created without a price (has_price 0) shows once its list price comes:
// is_active becomes erp_active in the same write (migration 0034). Its row answers `created`.

export interface ErpPriceDependencies {
  prices: ErpPriceRepository;
  clock: Clock;
  /** Forgets the storefront's cached catalogue and search answers of this process. */
  forgetCatalogAnswers(): void;
}

type PriceField = 'listPrice' | 'retailPrice' | 'preOrderPrice';

interface Stored {
  products: Map<string, StoredProductPrices>;
  variants: Map<string, StoredVariantPrice>;
  companies: Map<string, number>;
  customerPrices: Map<number, StoredCustomerPrice[]>;
  tierPrices: Map<number, StoredTierPrice[]>;
}

/** Cents of an amount the row schema has checked. */
function centsOf(amount: number): number {
  const cents = moneyIn(amount);
  if (cents === null) throw new Error(`An amount passed the price row's check but is no money: ${amount}`);
  return cents;
}

function currencyProblems(row: PriceRow, fields: readonly PriceField[], currency: string): RowProblem[] {
  return fields.flatMap((field) => {
    const price = row[field];
    return price && price.currency !== currency
      ? [{ path: `${field}.currency`, code: 'erp.currency.mismatch', params: { currency: price.currency, expected: currency } }]
      : [];
  });
}

/** The days of a sent price as stored: null where open. */
function validityOf(price: { validFrom?: string | null; validTo?: string | null }): { valid_from: string | null; valid_to: string | null } {
  return { valid_from: price.validFrom ?? null, valid_to: price.validTo ?? null };
}

/** The row's customer prices as they would be stored, or the problems of unknown and doubled companies. */
function customerPricesOf(row: PriceRow, companies: Map<string, number>): { prices: WrittenCustomerPrice[] } | { problems: RowProblem[] } {
  const prices: WrittenCustomerPrice[] = [];
  const priced = new Set<number>();
  const problems: RowProblem[] = [];
  (row.customerPrices ?? []).forEach((entry, index) => {
    const path = `customerPrices.${index}.companyExternalId`;
    const companyId = companies.get(entry.companyExternalId);
    if (companyId === undefined) problems.push({ path, code: 'erp.reference.unknown', params: { key: entry.companyExternalId } });
    else if (priced.has(companyId)) problems.push({ path, code: 'erp.key.duplicate', params: { key: entry.companyExternalId } });
    else {
      priced.add(companyId);
      prices.push({ company_id: companyId, price_cents: centsOf(entry.amount), ...validityOf(entry) });
    }
  });
  return problems.length > 0 ? { problems } : { prices };
}

/** The row's tier prices as they would be stored, or the problems of unknown companies (doubles the schema refused). */
function tierPricesOf(row: PriceRow, companies: Map<string, number>): { prices: WrittenTierPrice[] } | { problems: RowProblem[] } {
  const prices: WrittenTierPrice[] = [];
  const problems: RowProblem[] = [];
  (row.tierPrices ?? []).forEach((entry, index) => {
    const customerNo = entry.companyExternalId ?? null;
    const companyId = customerNo === null ? null : companies.get(customerNo);
    if (companyId === undefined) problems.push({ path: `tierPrices.${index}.companyExternalId`, code: 'erp.reference.unknown', params: { key: customerNo ?? '' } });
    else prices.push({ company_id: companyId, min_quantity: entry.minQuantity, price_cents: centsOf(entry.amount), ...validityOf(entry) });
  });
  return problems.length > 0 ? { problems } : { prices };
}

/** Whether the stored prices are the sent ones, in any order: every written field of each compared. */
function samePrices<T extends object>(stored: readonly T[], next: readonly T[]): boolean {
  if (stored.length !== next.length) return false;
  if (next.length === 0) return true;
  // The fields a price is written with; a stored one has its product's id besides.
  const fields = Object.keys(next[0]!) as (keyof T)[];
  const text = (price: T) => JSON.stringify(fields.map((field) => price[field]));
  const storedTexts = stored.map(text).sort();
  const nextTexts = next.map(text).sort();
  return storedTexts.every((entry, index) => entry === nextTexts[index]);
}

/** The next value of a price the row may clear: kept when not sent, null when sent as null. */
function nextOptionalCents(sent: PriceRow[PriceField], stored: number | null): number | null {
  if (sent === undefined) return stored;
  return sent === null ? null : centsOf(sent.amount);
}

export function createErpPriceService(deps: ErpPriceDependencies) {
  async function readStored(tenantId: number, rows: readonly KeyedRow<PriceRow, SkuKey>[]): Promise<Stored> {
    const { skus, variantSkus } = skusByKind(rows.map((row) => row.id));
    const customerNos = [
      ...new Set(
        rows.flatMap((row) => [
          ...(row.value.customerPrices ?? []).map((entry) => entry.companyExternalId),
          ...(row.value.tierPrices ?? []).flatMap((entry) => (entry.companyExternalId ? [entry.companyExternalId] : [])),
        ]),
      ),
    ];
    const [products, variants, companies] = await Promise.all([
      deps.prices.findProducts(tenantId, skus),
      deps.prices.findVariants(tenantId, variantSkus),
      deps.prices.findCompanies(tenantId, customerNos),
    ]);
    const productsBySku = new Map(products.map((product) => [product.sku, product]));
    const productIdsSending = (field: 'customerPrices' | 'tierPrices') =>
      rows.flatMap((row) => {
        const product = row.id.kind === 'product' && row.value[field] !== undefined ? productsBySku.get(row.id.sku) : undefined;
        return product ? [product.id] : [];
      });
    const [customerPrices, tierPrices] = await Promise.all([
      deps.prices.findCustomerPrices(tenantId, productIdsSending('customerPrices')),
      deps.prices.findTierPrices(tenantId, productIdsSending('tierPrices')),
    ]);
    return {
      products: productsBySku,
      variants: new Map(variants.map((variant) => [variant.variant_sku, variant])),
      companies: new Map(companies.map((company) => [company.customer_no, company.id])),
      customerPrices: groupByProduct(customerPrices),
      tierPrices: groupByProduct(tierPrices),
    };
  }

  /** A product's row: its problems, or what it changes (nothing: unchanged). */
  function planProduct(row: KeyedRow<PriceRow, SkuKey>, product: StoredProductPrices, stored: Stored, writes: PriceWrites): RowResult {
    const { value } = row;
    const problems = currencyProblems(value, ['listPrice', 'retailPrice', 'preOrderPrice'], product.currency);
    if (value.listPrice === null) problems.push({ path: 'listPrice', code: 'erp.price.list_required' });
    const customer = value.customerPrices === undefined ? null : customerPricesOf(value, stored.companies);
    if (customer && 'problems' in customer) problems.push(...customer.problems);
    const tiers = value.tierPrices === undefined ? null : tierPricesOf(value, stored.companies);
    if (tiers && 'problems' in tiers) problems.push(...tiers.problems);
    if (problems.length > 0) return { line: row.line, key: row.key, result: 'failed', problems };

    const next = {
      price_cents: value.listPrice ? centsOf(value.listPrice.amount) : product.price_cents,
      retail_price_cents: nextOptionalCents(value.retailPrice, product.retail_price_cents),
      pre_order_price_cents: nextOptionalCents(value.preOrderPrice, product.pre_order_price_cents),
    };
    const pricesChanged =
      next.price_cents !== product.price_cents ||
      next.retail_price_cents !== product.retail_price_cents ||
      next.pre_order_price_cents !== product.pre_order_price_cents;
    const firstPrice = value.listPrice !== undefined && product.has_price === 0;
    const customerChanged = customer !== null && 'prices' in customer && !samePrices(stored.customerPrices.get(product.id) ?? [], customer.prices);
    const tiersChanged = tiers !== null && 'prices' in tiers && !samePrices(stored.tierPrices.get(product.id) ?? [], tiers.prices);

    if (pricesChanged) writes.products.push({ id: product.id, ...next });
    if (firstPrice) writes.priced.push(product.id);
    if (customerChanged) writes.customerPrices.push({ productId: product.id, prices: customer.prices });
    if (tiersChanged) writes.tierPrices.push({ productId: product.id, prices: tiers.prices });
    const result = firstPrice ? 'created' : pricesChanged || customerChanged || tiersChanged ? 'updated' : 'unchanged';
    return { line: row.line, key: row.key, result };
  }

  /** A variant's row: only its list price is its own (retail, pre-order, customer and tier prices are the product's). */
  function planVariant(row: KeyedRow<PriceRow, SkuKey>, variant: StoredVariantPrice, writes: PriceWrites): RowResult {
    const { value } = row;
    const problems = currencyProblems(value, ['listPrice'], variant.currency);
    for (const field of ['retailPrice', 'preOrderPrice', 'customerPrices', 'tierPrices'] as const) {
      if (value[field] !== undefined) problems.push({ path: field, code: 'erp.price.product_only' });
    }
    if (problems.length > 0) return { line: row.line, key: row.key, result: 'failed', problems };
    const priceCents = nextOptionalCents(value.listPrice, variant.price_cents);
    if (priceCents === variant.price_cents) return { line: row.line, key: row.key, result: 'unchanged' };
    writes.variants.push({ id: variant.id, price_cents: priceCents });
    return { line: row.line, key: row.key, result: 'updated' };
  }

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { passed, failed } = parseKeyedRows(priceRow, rows, skuKeyRules);
    const stored = await readStored(ctx.tenantId, passed);
    const writes: PriceWrites = { products: [], priced: [], variants: [], customerPrices: [], tierPrices: [] };
    const results = passed.map((row): RowResult => {
      const key = row.id;
      if (key.kind === 'product') {
        const product = stored.products.get(key.sku);
        return product ? planProduct(row, product, stored, writes) : { line: row.line, key: row.key, result: 'failed', problems: [unknownSkuProblem(key)] };
      }
      const variant = stored.variants.get(key.variantSku);
      return variant ? planVariant(row, variant, writes) : { line: row.line, key: row.key, result: 'failed', problems: [unknownSkuProblem(key)] };
    });
    const changed = writes.products.length + writes.priced.length + writes.variants.length + writes.customerPrices.length + writes.tierPrices.length > 0;
    if (changed) {
      await deps.prices.write(ctx.tenantId, writes, deps.clock.now().toISOString());
      deps.forgetCatalogAnswers();
    }
    return inLineOrder([...failed, ...results]);
  }

  return {
    // A record two requests create at once: the later insert meets the unique index, and the whole load runs
    // once more, finding it (server/modules/erp/unique-race.ts).
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpPriceService = ReturnType<typeof createErpPriceService>;
