import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { inLineOrder, parseKeyedRows, type KeyedRow } from '../erp/keyed-rows.ts';
import type { RowProblem, RowResult } from '../erp/row-results.ts';
import { skuKeyRules, skusByKind, unknownSkuProblem, type SkuKey } from '../erp/sku-keys.ts';
import { stockRow, type StockRow } from './stock-row.ts';
import type { ErpStockRepository, StockWrites, StoredStock } from './stock.repository.ts';

// PUT /erp/v1/stock (docs/erp-integration.md, "Stock"): stock of products and variants, pre-stock per season.
//  1. Each row against its schema and key (a sku or variant sku sent twice fails the later row).
//  2. What is stored for all keys of the request: products, variants, the seasons named and the
//     pre-stocks of the products named, one read per kind, 500 keys a query.
//  3. Each row against what is stored, in memory: an unknown sku or season fails the row; a row that
//     changes nothing is unchanged and writes nothing (no trigger fires, no updated_at moves).
//  4. The changes of all rows in one transaction. Every check is done before it, so no row can fail in it.
//  5. The catalogue and search answers this process keeps are forgotten: the listing's "only available
//     stock" and pre-order mode read products.stock and has_pre_stock, which the write and its triggers
//     keep; the search engine gets the product's document when its stock crosses zero (ADR 0009); the stock
//     alarms' worker is woken for the checks the triggers noted of watched products (ADR 0027).
// A variant's stock is its own: the product's stock (what the listing filters and the engine index by)
// is what the product's row sends.

export interface ErpStockDependencies {
  stock: ErpStockRepository;
  clock: Clock;
  /** Forgets the storefront's cached catalogue and search answers of this process. */
  forgetCatalogAnswers(): void;
  /** After the commit: the stock alarms' worker judges the checks the triggers noted (ADR 0027). */
  stockChanged(): void;
}

interface Stored {
  products: Map<string, StoredStock>;
  variants: Map<string, StoredStock>;
  seasons: Map<string, number>;
  /** Pre-stock per product, per season id. */
  preStocks: Map<number, Map<number, number>>;
}

export function createErpStockService(deps: ErpStockDependencies) {
  async function readStored(tenantId: number, rows: readonly KeyedRow<StockRow, SkuKey>[]): Promise<Stored> {
    const { skus, variantSkus } = skusByKind(rows.map((row) => row.id));
    const seasonIds = [...new Set(rows.flatMap((row) => (row.value.preStocks ?? []).map((entry) => entry.seasonExternalId)))];
    const [products, variants, seasons] = await Promise.all([
      deps.stock.findProducts(tenantId, skus),
      deps.stock.findVariants(tenantId, variantSkus),
      deps.stock.findSeasons(tenantId, seasonIds),
    ]);
    const productsBySku = new Map(products.map((product) => [product.sku, product]));
    const withPreStocks = rows.flatMap((row) => {
      const product = row.id.kind === 'product' && row.value.preStocks?.length ? productsBySku.get(row.id.sku) : undefined;
      return product ? [product.id] : [];
    });
    const preStocks = new Map<number, Map<number, number>>();
    for (const preStock of await deps.stock.findPreStocks(tenantId, withPreStocks)) {
      const ofProduct = preStocks.get(preStock.product_id) ?? new Map<number, number>();
      ofProduct.set(preStock.season_id, preStock.quantity);
      preStocks.set(preStock.product_id, ofProduct);
    }
    return {
      products: productsBySku,
      variants: new Map(variants.map((variant) => [variant.sku, variant])),
      seasons: new Map(seasons.flatMap((season) => (season.external_id === null ? [] : [[season.external_id, season.id] as const]))),
      preStocks,
    };
  }

  /** The row's pre-stock changes (into `writes`), or its problems; answers whether anything changes. */
  function planPreStocks(row: StockRow, productId: number, stored: Stored, writes: StockWrites): { changed: boolean } | { problems: RowProblem[] } {
    const current = stored.preStocks.get(productId) ?? new Map<number, number>();
    const problems: RowProblem[] = [];
    const named = new Set<number>();
    const upserts: StockWrites['preStocks'] = [];
    const removals: StockWrites['removedPreStocks'] = [];
    (row.preStocks ?? []).forEach((entry, index) => {
      const path = `preStocks.${index}.seasonExternalId`;
      const seasonId = stored.seasons.get(entry.seasonExternalId);
      if (seasonId === undefined) return void problems.push({ path, code: 'erp.reference.unknown', params: { key: entry.seasonExternalId } });
      if (named.has(seasonId)) return void problems.push({ path, code: 'erp.key.duplicate', params: { key: entry.seasonExternalId } });
      named.add(seasonId);
      const quantity = current.get(seasonId);
      if (entry.quantity === null) {
        if (quantity !== undefined) removals.push({ productId, seasonId });
      } else if (entry.quantity !== quantity) {
        upserts.push({ productId, seasonId, quantity: entry.quantity });
      }
    });
    if (problems.length > 0) return { problems };
    writes.preStocks.push(...upserts);
    writes.removedPreStocks.push(...removals);
    return { changed: upserts.length + removals.length > 0 };
  }

  function planRow(row: KeyedRow<StockRow, SkuKey>, stored: Stored, writes: StockWrites): RowResult {
    const { line, key, value, id } = row;
    const target = id.kind === 'product' ? stored.products.get(id.sku) : stored.variants.get(id.variantSku);
    if (!target) return { line, key, result: 'failed', problems: [unknownSkuProblem(id)] };
    let changed = false;
    if (id.kind === 'variant') {
      // Pre-stock is kept per product and season; a variant has none of its own.
      if (value.preStocks !== undefined) return { line, key, result: 'failed', problems: [{ path: 'preStocks', code: 'erp.stock.product_only' }] };
    } else {
      const preStocks = planPreStocks(value, target.id, stored, writes);
      if ('problems' in preStocks) return { line, key, result: 'failed', problems: preStocks.problems };
      changed = preStocks.changed;
    }
    if (value.quantity !== target.stock) {
      (id.kind === 'product' ? writes.products : writes.variants).push({ id: target.id, stock: value.quantity });
      changed = true;
    }
    return { line, key, result: changed ? 'updated' : 'unchanged' };
  }

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { passed, failed } = parseKeyedRows(stockRow, rows, skuKeyRules);
    const stored = await readStored(ctx.tenantId, passed);
    const writes: StockWrites = { products: [], variants: [], preStocks: [], removedPreStocks: [] };
    const results = passed.map((row) => planRow(row, stored, writes));
    if (writes.products.length + writes.variants.length + writes.preStocks.length + writes.removedPreStocks.length > 0) {
      await deps.stock.write(ctx.tenantId, writes, deps.clock.now().toISOString());
      deps.forgetCatalogAnswers();
      deps.stockChanged();
    }
    return inLineOrder([...failed, ...results]);
  }

  return {
    // A record two requests create at once: the later insert meets the unique index, and the whole load runs
    // once more, finding it (server/modules/erp/unique-race.ts).
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpStockService = ReturnType<typeof createErpStockService>;
