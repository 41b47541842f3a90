import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB, NewRow } from '../schema.ts';
import { chunks, insertAll, rowsPerStatement } from './batch.ts';
import { categoryTree, dealCategory, inactiveCategory, salesUnits, type UnitCode } from './catalog-words.ts';
import { generateProduct, type GeneratedProduct } from './product-generator.ts';

// Categories, sales units and the generated products with everything hanging off them.

export interface CatalogIds {
  tenantId: number;
  categoryIds: ReadonlyMap<string, number>;
  unitIds: ReadonlyMap<string, number>;
  /** Season ids in season order. */
  seasonIds: readonly number[];
  /** Company ids by customer number. */
  companyIds: ReadonlyMap<string, number>;
}

const VAT_BP = { standard: 1900, reduced: 700 } as const;
/** Products generated and written per round (keeps memory flat for 100,000 products). */
const PRODUCTS_PER_ROUND = 2000;

export async function seedCategories(db: Kysely<DB>, tenantId: number, createdAt: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const mains = [
    ...categoryTree.map((main, i) => ({ slug: main.slug, name: main.name, name_en: main.nameEn, is_deal: 0 as const, sort_order: i + 1 })),
    { slug: dealCategory.slug, name: dealCategory.name, name_en: dealCategory.nameEn, is_deal: 1 as const, sort_order: categoryTree.length + 1 },
  ];
  const mainRows = await db
    .insertInto('categories')
    .values(mains.map((m) => ({ ...m, tenant_id: tenantId, parent_id: null, is_active: 1 as const, created_at: createdAt })))
    .returning(['id', 'slug'])
    .execute();
  for (const row of mainRows) ids.set(row.slug, row.id);

  const subs: NewRow<'categories'>[] = [];
  for (const main of categoryTree) {
    main.subcategories.forEach((sub, i) => {
      subs.push({ tenant_id: tenantId, parent_id: ids.get(main.slug) ?? null, slug: sub.slug, name: sub.name, name_en: sub.nameEn, is_deal: 0, is_active: 1, sort_order: i + 1, created_at: createdAt });
    });
  }
  subs.push({
    tenant_id: tenantId,
    parent_id: ids.get(inactiveCategory.parentSlug) ?? null,
    slug: inactiveCategory.slug,
    name: inactiveCategory.name,
    name_en: inactiveCategory.nameEn,
    is_deal: 0,
    is_active: 0,
    sort_order: 99,
    created_at: createdAt,
  });
  const subRows = await db.insertInto('categories').values(subs).returning(['id', 'slug']).execute();
  for (const row of subRows) ids.set(row.slug, row.id);
  return ids;
}

export async function seedSalesUnits(db: Kysely<DB>, tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('sales_units')
    .values(salesUnits.map((u) => ({ tenant_id: tenantId, code: u.code, name: u.name, name_en: u.nameEn })))
    .returning(['id', 'code'])
    .execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

function need<K>(map: ReadonlyMap<K, number>, key: K, what: string): number {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: unknown ${what} ${String(key)}`);
  return value;
}

function productRow(p: GeneratedProduct, ids: CatalogIds): NewRow<'products'> {
  return {
    tenant_id: ids.tenantId,
    category_id: need(ids.categoryIds, p.categorySlug, 'category'),
    sku: p.sku,
    name: p.name,
    name_en: null,
    description: p.description,
    description_en: null,
    price_cents: p.priceCents,
    retail_price_cents: p.retailPriceCents,
    pre_order_price_cents: p.preOrderPriceCents,
    currency: 'EUR',
    tax_category: p.taxCategory,
    vat_rate_bp: VAT_BP[p.taxCategory],
    stock: p.stock,
    is_stock_freeze: p.isStockFreeze ? 1 : 0,
    is_only_sellable_with_positive_stock: p.isOnlySellableWithPositiveStock ? 1 : 0,
    sales_batch_size: p.salesBatchSize,
    sales_unit_id: need(ids.unitIds, p.salesUnit, 'sales unit'),
    release_date: p.releaseDate,
    attributes: JSON.stringify(p.attributes),
    sales_attributes: JSON.stringify(p.salesAttributes),
    is_active: p.isActive ? 1 : 0,
    is_featured: p.isFeatured ? 1 : 0,
    bestseller_rank: p.bestsellerRank,
    created_at: p.createdAt,
    updated_at: p.createdAt,
  };
}

/** Generates and inserts products number `from` … `to` (inclusive) with variants, images, units, pre-stocks and prices. */
export async function insertProducts(db: Kysely<DB>, engine: DatabaseEngine, ids: CatalogIds, from: number, to: number): Promise<void> {
  for (let start = from; start <= to; start += PRODUCTS_PER_ROUND) {
    const end = Math.min(to, start + PRODUCTS_PER_ROUND - 1);
    const products = Array.from({ length: end - start + 1 }, (_, k) => generateProduct(start + k));
    const rows = products.map((p) => productRow(p, ids));
    const productIds = new Map<string, number>();
    const first = rows[0];
    for (const chunk of chunks(rows, rowsPerStatement(engine, first ? Object.keys(first).length : 1))) {
      const inserted = await db.insertInto('products').values(chunk).returning(['id', 'sku']).execute();
      for (const r of inserted) productIds.set(r.sku, r.id);
    }
    await insertChildren(db, engine, ids, products, productIds);
  }
}

async function insertChildren(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  ids: CatalogIds,
  products: readonly GeneratedProduct[],
  productIds: ReadonlyMap<string, number>,
): Promise<void> {
  const tenant_id = ids.tenantId;
  const variants: NewRow<'product_variants'>[] = [];
  const images: NewRow<'product_images'>[] = [];
  const materialUnits: NewRow<'material_units'>[] = [];
  const preStocks: NewRow<'product_pre_stocks'>[] = [];
  const prices: NewRow<'customer_prices'>[] = [];
  const unit = (code: UnitCode) => need(ids.unitIds, code, 'sales unit');

  for (const p of products) {
    const product_id = need(productIds, p.sku, 'product');
    p.variants.forEach((v, i) =>
      variants.push({ tenant_id, product_id, variant_sku: v.sku, name: v.name, attributes: JSON.stringify(v.attributes), price_cents: v.priceCents, stock: v.stock, is_active: 1, sort_order: i }),
    );
    p.images.forEach((file, i) =>
      images.push({ tenant_id, product_id, url: `/media/products/${file}`, width: 400, height: 400, sort_order: i }),
    );
    for (const mu of p.materialUnits) {
      materialUnits.push({ tenant_id, product_id, unit_id: unit(mu.unit), base_exchange_ratio_milli: mu.ratioMilli, main_unit_id: unit(mu.mainUnit) });
    }
    p.preStocks.forEach((quantity, i) => {
      const season_id = ids.seasonIds[i];
      if (season_id !== undefined) preStocks.push({ tenant_id, product_id, season_id, quantity });
    });
    for (const cp of p.customerPrices) {
      const company_id = ids.companyIds.get(cp.customerNo);
      if (company_id !== undefined) prices.push({ tenant_id, company_id, product_id, price_cents: cp.priceCents });
    }
  }

  await insertAll(db, engine, 'product_variants', variants);
  await insertAll(db, engine, 'product_images', images);
  await insertAll(db, engine, 'material_units', materialUnits);
  await insertAll(db, engine, 'product_pre_stocks', preStocks);
  await insertAll(db, engine, 'customer_prices', prices);
}
