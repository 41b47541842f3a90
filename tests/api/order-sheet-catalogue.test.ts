import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetInputRow } from '../../core/order-sheet-input.ts';
import type { Role } from '../../server/context.ts';
import type { SignedInContext } from '../../server/modules/access/access-policy.ts';
import { createBuyerProductsRepository } from '../../server/modules/basket/buyer-products.repository.ts';
import { lookUpSheetCatalogue, type SheetCatalogue } from '../../server/modules/order-sheet/sheet-catalogue.ts';
import { createSheetCatalogueRepository } from '../../server/modules/order-sheet/sheet-catalogue.repository.ts';
import { categoryIds, insertProduct } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The order sheet's catalogue lookup on the real database (SQLite and PostgreSQL): what the rows may name, found
// by sku, variant sku, zero-padded number and normalised form, and only among the products the buyer may see.

let shop: TestShop;
let tenantId: number;
let buyer: SignedInContext;
const ids = new Map<string, number>();

async function contextOf(username: string): Promise<SignedInContext> {
  const user = await shop.db.selectFrom('users').select(['id', 'role', 'company_id']).where('tenant_id', '=', tenantId).where('username', '=', username).executeTakeFirstOrThrow();
  return { tenant: { id: tenantId, slug: 'demo' }, locale: 'de', identity: { sessionId: 0, userId: user.id, role: user.role as Role, companyId: user.company_id } };
}

const row = (line: number, sku: string, extra: Partial<SheetInputRow> = {}): SheetInputRow => ({ line, sku, quantity: 1, ...extra });

function lookUp(rows: SheetInputRow[], ctx: SignedInContext = buyer): Promise<SheetCatalogue> {
  return lookUpSheetCatalogue(ctx, rows, {
    catalog: shop.services.catalog,
    products: createBuyerProductsRepository(shop.db),
    sheetCatalogue: createSheetCatalogueRepository(shop.db),
  });
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  // customer2 has no deal access: products of the deal category are hidden from them.
  buyer = await contextOf('customer2');
  const categories = await categoryIds(shop);
  const visible = categories.get('handwerkzeug')!;
  const deals = categories.get('angebote')!;
  for (const [sku, categoryId] of [
    ['00100', visible],
    ['0200', visible],
    ['00200', visible],
    ['SHEET-AB-77', visible],
    ['SHEET-SHIRT', visible],
    ['SHEET-HIDDEN', deals],
    ['000300', deals],
  ] as const) {
    ids.set(sku, await insertProduct(shop, { tenantId, categoryId, sku, name: `${sku} Name`, nameEn: `${sku} name` }));
  }
  await shop.db
    .insertInto('product_variants')
    .values([
      { tenant_id: tenantId, product_id: ids.get('SHEET-SHIRT')!, variant_sku: 'SHEET-SHIRT-M', name: 'Shirt M', price_cents: null, stock: 4, sort_order: 1, is_active: 1 },
      { tenant_id: tenantId, product_id: ids.get('SHEET-SHIRT')!, variant_sku: 'SHEET-SHIRT-L', name: 'Shirt L', price_cents: 1200, stock: 2, sort_order: 2, is_active: 1 },
      { tenant_id: tenantId, product_id: ids.get('SHEET-SHIRT')!, variant_sku: 'SHEET-SHIRT-OLD', name: 'Shirt old', price_cents: null, stock: 2, sort_order: 3, is_active: 0 },
      { tenant_id: tenantId, product_id: ids.get('SHEET-HIDDEN')!, variant_sku: 'SHEET-HIDDEN-V', name: 'Hidden variant', price_cents: null, stock: 2, sort_order: 1, is_active: 1 },
    ])
    .execute();
  await shop.db.insertInto('product_pre_stocks').values({ tenant_id: tenantId, product_id: ids.get('00100')!, season_id: (await shop.db.selectFrom('seasons').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id, quantity: 7 }).execute();
});
afterAll(() => shop.close());

describe('lookUpSheetCatalogue', () => {
  it('finds products by sku, with every active variant and their pre-stocks', async () => {
    const found = await lookUp([row(1, 'SHEET-SHIRT'), row(2, '00100')]);
    const shirt = found.productsBySku.get('SHEET-SHIRT')!;
    expect([...shirt.variants.keys()].sort()).toEqual(['SHEET-SHIRT-L', 'SHEET-SHIRT-M']);
    expect(shirt.variants.get('SHEET-SHIRT-L')).toMatchObject({ priceCents: 1200, stock: 2 });
    expect(found.preStocks.get(ids.get('00100')!)).toEqual([expect.objectContaining({ quantity: 7 })]);
  });

  it('finds a product through a variant’s sku, in the sku column or the variant column', async () => {
    const found = await lookUp([row(1, 'SHEET-SHIRT-M'), row(2, 'whatever', { variantSku: 'SHEET-SHIRT-L' })]);
    expect(found.productSkuOfVariant).toEqual(new Map([['SHEET-SHIRT-M', 'SHEET-SHIRT'], ['SHEET-SHIRT-L', 'SHEET-SHIRT']]));
    expect([...found.productsBySku.keys()]).toEqual(['SHEET-SHIRT']);
  });

  it('finds the zero-padded forms of a number up to the catalogue’s sku lengths', async () => {
    const found = await lookUp([row(1, '100', { skuFromNumber: true }), row(2, '200')]);
    expect(found.paddedMatches.get('100')).toEqual(['00100']);
    expect([...(found.paddedMatches.get('200') ?? [])].sort()).toEqual(['00200', '0200']);
    expect([...found.productsBySku.keys()].sort()).toEqual(['00100', '00200', '0200']);
  });

  it('finds "did you mean" candidates by the normalised sku: case, spaces, dashes and dots', async () => {
    const found = await lookUp([row(1, 'sheet ab.77'), row(2, 'sheetshirtm')]);
    expect(found.nearMatches.get('sheetab77')).toEqual([{ sku: 'SHEET-AB-77', name: 'SHEET-AB-77 Name' }]);
    expect(found.nearMatches.get('sheetshirtm')).toEqual([{ sku: 'SHEET-SHIRT-M', name: 'Shirt M' }]);
  });

  it('finds a hidden product exactly as little as an unknown one: not by sku, variant, padding or as a suggestion', async () => {
    const rows = [row(1, 'SHEET-HIDDEN'), row(2, 'SHEET-HIDDEN-V'), row(3, '300', { skuFromNumber: true }), row(4, 'sheet hidden'), row(5, 'SHEET-SHIRT-OLD')];
    const found = await lookUp(rows);
    expect(found.productsBySku.size).toBe(0);
    expect(found.productSkuOfVariant.size).toBe(0);
    expect(found.paddedMatches.size).toBe(0);
    expect(found.nearMatches.size).toBe(0);
    // The same rows for a buyer with deal access do find it: the visibility, not the data, hides it.
    const withDeals = await lookUp(rows, await contextOf('customer'));
    expect([...withDeals.productsBySku.keys()].sort()).toEqual(['000300', 'SHEET-HIDDEN']);
  });

  it('looks up a thousand rows in a few queries', async () => {
    const queries: string[] = [];
    const counting = shop.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const rows = Array.from({ length: 1000 }, (_, index) => row(index + 1, index % 2 === 1 ? `NO-SUCH-${index}` : String(index)));
    const found = await lookUpSheetCatalogue(buyer, rows, { catalog: shop.services.catalog, products: createBuyerProductsRepository(counting), sheetCatalogue: createSheetCatalogueRepository(counting) });
    expect(found.paddedMatches.get('100')).toEqual(['00100']);
    expect(found.nearMatches.get('nosuch1')).toBeUndefined();
    expect(queries.length).toBeLessThanOrEqual(10);
  });
});
