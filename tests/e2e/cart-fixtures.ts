import { expect, type Page } from '@playwright/test';
import { accounts, startSession, withShopDatabase } from './helpers.ts';

// Products of the seeded demo catalogue for the cart tests, picked by their traits, and a small
// client that sets up a basket or wishlist through the API with the signed-in user's token.

export interface ShopProduct {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  stock: number;
  batchSize: number;
}

export interface CartProducts {
  plain: ShopProduct[];
  batched: ShopProduct;
  lowStock: ShopProduct;
  preOrderable: ShopProduct;
}

export async function findCartProducts(): Promise<CartProducts> {
  return withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const [rows, variants, customerPrices, preStocks] = await Promise.all([
      db.selectFrom('products').selectAll().where('tenant_id', '=', tenant.id).where('is_active', '=', 1).where('price_cents', '>', 0).orderBy('id').execute(),
      db.selectFrom('product_variants').select('product_id').where('tenant_id', '=', tenant.id).execute(),
      db.selectFrom('customer_prices').select('product_id').where('tenant_id', '=', tenant.id).execute(),
      db.selectFrom('product_pre_stocks').select('product_id').where('tenant_id', '=', tenant.id).execute(),
    ]);
    // Products whose price, stock and identity are the product's own: no variants, no customer prices.
    const special = new Set([...variants, ...customerPrices].map((row) => row.product_id));
    const preOrder = new Set(preStocks.map((row) => row.product_id));
    const simple = rows.filter((row) => !special.has(row.id) && row.is_only_sellable_with_positive_stock === 0);
    const pick = (wanted: (row: (typeof rows)[number]) => boolean, what: string): ShopProduct => {
      const row = simple.find(wanted);
      expect(row, `the demo catalogue has ${what}`).toBeDefined();
      return { id: row!.id, sku: row!.sku, name: row!.name, priceCents: row!.price_cents, stock: row!.stock, batchSize: row!.sales_batch_size };
    };
    const plain = simple
      .filter((row) => row.sales_batch_size === 1 && row.stock >= 100 && !preOrder.has(row.id))
      .slice(0, 3)
      .map((row) => ({ id: row.id, sku: row.sku, name: row.name, priceCents: row.price_cents, stock: row.stock, batchSize: 1 }));
    expect(plain).toHaveLength(3);
    return {
      plain,
      batched: pick((row) => row.sales_batch_size > 1 && row.stock >= 100 && !preOrder.has(row.id), 'a product sold in batches'),
      lowStock: pick((row) => row.sales_batch_size === 1 && row.stock >= 2 && row.stock <= 20 && !preOrder.has(row.id), 'a product with little stock'),
      preOrderable: pick((row) => preOrder.has(row.id) && row.is_stock_freeze === 0 && row.sales_batch_size === 1, 'a pre-orderable product'),
    };
  });
}

export const orderLine = (product: ShopProduct, quantity: number) => ({ _id: product.id, sku: product.sku, orderType: 'order', quantity });
export const preOrderLine = (product: ShopProduct, quantities: number[]) => ({ _id: product.id, sku: product.sku, orderType: 'preOrder', quantities });

/** The signed-in user's API, as the browser's own client calls it. */
export function shopApi(page: Page) {
  const headers = async () => {
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    expect(token, 'signed in').toBeDefined();
    return { authorization: `Basic ${token}` };
  };
  const call = async <T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> => {
    const response = await page.request.fetch(url, { method, headers: await headers(), ...(data === undefined ? {} : { data }) });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  return {
    saveBasket: (items: unknown[]) => call('POST', '/api/basket', { items }),
    basket: () =>
      call<{ items: { sku: string; orderType: string; quantity: number; quantities: number[]; packs: unknown; customAttributes: unknown }[] }>('GET', '/api/basket'),
    saveWishlist: (ids: number[]) => call('POST', '/api/wishlist', { items: ids.map((_id) => ({ _id })) }),
    wishlist: () => call<{ items: { _id: number }[] }>('GET', '/api/wishlist'),
  };
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
export const formatEuro = (cents: number) => euro.format(cents / 100);

export const cartLine = (page: Page, sku: string) => page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** Signs the customer in (helpers.ts' startSession) with exactly this basket and wishlist, for a test that opens its page next. */
export async function startSessionWithBasket(page: Page, items: unknown[], wishlist: number[] = []) {
  await startSession(page, accounts.customer);
  const api = shopApi(page);
  await api.saveBasket(items);
  await api.saveWishlist(wishlist);
  return api;
}

/** Signs the customer in with exactly this basket and wishlist, shown on the home page ready for input. */
export async function signInWithBasket(page: Page, items: unknown[], wishlist: number[] = []) {
  const api = await startSessionWithBasket(page, items, wishlist);
  // Show the seeded state, and wait until the page is interactive: the cart icons are enabled once
  // the browser has loaded the cart.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-cart-order')).not.toHaveAttribute('aria-disabled', 'true');
  return api;
}
