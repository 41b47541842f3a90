import { parseArgs } from 'node:util';
import { createCaches } from '../server/cache.ts';
import { loadConfig, type DatabaseEngine } from '../server/config.ts';
import { systemClock } from '../server/lib/clock.ts';
import type { RequestContext } from '../server/context.ts';
import { createCatalogBuyerRepository } from '../server/modules/catalog/catalog-buyer.repository.ts';
import { createCatalogService, type ProductListQuery } from '../server/modules/catalog/catalog.service.ts';
import { createCategoryRepository } from '../server/modules/catalog/category.repository.ts';
import { createProductListingRepository, type ListingFilters, type ListingScope } from '../server/modules/catalog/product-listing.repository.ts';
import { createProductRepository } from '../server/modules/catalog/product.repository.ts';
import { createSimilarProductsRepository } from '../server/modules/catalog/similar-products.repository.ts';
import { createSettingsRepository } from '../server/modules/settings/settings.repository.ts';
import { createSettingsService } from '../server/modules/settings/settings.service.ts';
import { benchDataDir, openBenchDatabase } from './catalog-bench-db.ts';
import { explain, recordQueries } from './catalog-query-plans.ts';

// Times the catalogue's queries in process, through the same service and repositories the API uses,
// on SQLite and PostgreSQL with large demo catalogues:
//   npx node bench/catalog-queries.ts --products 100000,999999 --engines sqlite,postgres [--runs 30] [--plans] Databases are kept in BENCH_DATA_DIR (default data/bench)
// and in PostgreSQL databases shop_bench_catalog_<N>; the first run per size seeds them.
// The service's short-lived answer cache is off, so every list, detail and similar-products call runs its
// queries; counts stay cached as in the shop (30 s), and rows marked "uncached" call the repository directly.

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '30' },
    plans: { type: 'boolean', default: false },
  },
});
const sizes = args.products.split(',').map(Number);
const engines = args.engines.split(',') as DatabaseEngine[];
const runs = Number(args.runs);
const noFilters: ListingFilters = { inStockOnly: false, preOrderOnly: false, attributes: [] };

interface Measurement {
  title: string;
  median: number;
  p95: number;
  rows: number;
}

async function measure(title: string, work: () => Promise<number>): Promise<Measurement> {
  let rows = 0;
  for (let i = 0; i < 3; i++) rows = await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rows = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { title, median: at(0.5), p95: at(0.95), rows };
}

async function benchmark(engine: DatabaseEngine, products: number): Promise<void> {
  const { handle, seedSeconds, migrationSeconds } = await openBenchDatabase(engine, products);
  const recorder = recordQueries(handle.db);
  const db = recorder.db;
  const listing = createProductListingRepository(db);
  // Every answer computed afresh: the queries are what is measured.
  const caches = createCaches(systemClock, { ...loadConfig({}).cacheLifetimes, answerMs: 0 });
  const catalog = createCatalogService({
    categories: createCategoryRepository(db),
    products: createProductRepository(db),
    listing,
    similar: createSimilarProductsRepository(db),
    buyers: createCatalogBuyerRepository(db),
    settings: createSettingsService(createSettingsRepository(db), caches),
    clock: systemClock,
  }, caches);

  // The customer of company 10001 (customer prices, deal categories), as the API would see them.
  const tenant = await db.selectFrom('tenants').select(['id', 'slug']).where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('username', '=', 'customer').executeTakeFirstOrThrow();
  const ctx: RequestContext = { tenant, locale: 'de', identity: { sessionId: 0, userId: user.id, role: 'customer', companyId: user.company_id } };

  // The main category with the most products, and its children.
  const categories = await db.selectFrom('categories').select(['id', 'parent_id', 'name']).where('tenant_id', '=', tenant.id).execute();
  const mains = categories.filter((c) => c.parent_id === null);
  let big = { id: 0, name: '', total: 0, ids: [] as number[] };
  for (const main of mains) {
    const ids = [main.id, ...categories.filter((c) => c.parent_id === main.id).map((c) => c.id)];
    const total = await listing.count(tenant.id, { kind: 'categories', categoryIds: ids }, noFilters);
    if (total > big.total) big = { id: main.id, name: main.name, total, ids };
  }
  const bigScope: ListingScope = { kind: 'categories', categoryIds: big.ids };
  const visible = new Set((await catalog.listCategories(ctx)).map((c) => c._id));
  const allScope: ListingScope = {
    kind: 'all',
    hiddenCategoryIds: categories.map((c) => c.id).filter((id) => !visible.has(id)).sort((a, b) => a - b),
    visibleCategoryIds: [...visible].sort((a, b) => a - b),
  };
  const brand: ListingFilters = { ...noFilters, attributes: [{ name: 'Marke', values: ['Hansewerk'] }] };
  const colourCategory = await db
    .selectFrom('product_facets')
    .select('category_id')
    .where('tenant_id', '=', tenant.id)
    .where('name', '=', 'Farbe')
    .where('value', '=', 'Rot')
    .groupBy('category_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const colourMain = categories.find((c) => c.id === colourCategory.category_id)?.parent_id ?? colourCategory.category_id;
  const red: ListingFilters = { ...noFilters, attributes: [{ name: 'Farbe', values: ['Rot'] }] };
  const list = (query: Partial<ProductListQuery>) => async () =>
    (await catalog.listProducts(ctx, { categoryId: big.id, page: 1, pageSize: 15, filters: noFilters, withVariants: false, ...query })).data.length;
  const withVariant = await db.selectFrom('product_variants').select('product_id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const skus = (await db.selectFrom('products').select('sku').orderBy('id').limit(20).execute()).map((r) => r.sku);

  const plans: { title: string; lines: string[] }[] = [];
  async function timed(title: string, work: () => Promise<number>): Promise<Measurement> {
    const result = await measure(title, work);
    if (args.plans) {
      recorder.reset();
      await work();
      for (const statement of recorder.statements()) {
        const text = statement.sql.length > 200 ? `${statement.sql.slice(0, 200)} …` : statement.sql;
        plans.push({ title, lines: [text, ...(await explain(handle.db, engine, statement))] });
      }
    }
    return result;
  }

  const results = [
    await timed(`list page 1 (main category "${big.name}", ${big.total} products)`, list({})),
    await timed('list page 50 of it', list({ page: 50 })),
    await timed('list page 1 with variants', list({ withVariants: true })),
    await timed('list page 1, all products', list({ categoryId: null })),
    await timed('list page 50, all products', list({ categoryId: null, page: 50 })),
    await timed('count main category (uncached)', () => listing.count(tenant.id, bigScope, noFilters)),
    await timed('count in stock + pre-order (uncached)', () => listing.count(tenant.id, bigScope, { ...noFilters, inStockOnly: true, preOrderOnly: true })),
    await timed('count all products (uncached)', () => listing.count(tenant.id, allScope, noFilters)),
    await timed('filter Marke=Hansewerk, page 1', list({ filters: brand })),
    await timed('filter Marke=Hansewerk, page 50', list({ filters: brand, page: 50 })),
    await timed('filter Marke=Hansewerk, count (uncached)', () => listing.count(tenant.id, bigScope, brand)),
    await timed('filter Farbe=Rot (variants), page 1', list({ categoryId: colourMain, filters: red })),
    await timed('filter options of the main category (uncached)', async () => (await listing.listFacetValues(tenant.id, big.ids)).length),
    await timed('product detail with variants', async () => (await catalog.getProductDetail(ctx, withVariant.product_id)).variants.length),
    await timed('similar products (featured + bestsellers)', async () => {
      const similar = await catalog.getSimilarProducts(ctx);
      return similar.featured.length + similar.bestsellers.length;
    }),
    await timed('main images of 20 skus', async () => (await catalog.getMainImages(ctx, skus)).length),
  ];

  const engineName = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(`\n### ${engineName}, ${products.toLocaleString('en')} products`);
  console.log(seedSeconds > 0 ? `seeded in ${seedSeconds.toFixed(0)} s; ` : 'existing database; ', `migrations ${migrationSeconds.toFixed(1)} s; ${runs} runs per query\n`);
  console.log('| query | median ms | p95 ms | rows |');
  console.log('|---|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.title} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.rows} |`);
  for (const plan of plans) console.log(`\n${plan.title}:\n  ${plan.lines.join('\n  ')}`);
  await handle.close();
}

console.log(`catalogue query benchmark; SQLite files in ${benchDataDir}`);
for (const products of sizes) {
  for (const engine of engines) await benchmark(engine, products);
}
