import { expect, type Page } from '@playwright/test';
import type { ShopProduct } from './cart-fixtures.ts';
import { withShopDatabase } from './helpers.ts';

// Set-ups of the checkout's browser tests: states written straight into the e2e database (as the cart
// tests do), each undone afterwards, because all spec files share one seeded database and run one
// after the other.

type Db = Parameters<Parameters<typeof withShopDatabase>[0]>[0];

/**
 * Runs `work` with the database changed by `change`, and always undoes it with `undo`: a failing test
 * must not leave a blocked company or a changed price behind for the next spec.
 */
export async function whileChanged<T>(change: (db: Db) => Promise<unknown>, undo: (db: Db) => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  await withShopDatabase(change);
  try {
    return await work();
  } finally {
    await withShopDatabase(undo);
  }
}

export async function demoTenantId(db: Db): Promise<number> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** The id of a seeded company by its customer number (10001: Muster Baubedarf GmbH, the demo customer's). */
export async function companyId(db: Db, customerNo: string): Promise<number> {
  const tenantId = await demoTenantId(db);
  return (await db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirstOrThrow()).id;
}

/** A product's stock rules and price as they are now, to put them back after a test changed them. */
export async function productState(product: ShopProduct) {
  return withShopDatabase((db) =>
    db.selectFrom('products').select(['stock', 'price_cents', 'is_only_sellable_with_positive_stock']).where('id', '=', product.id).executeTakeFirstOrThrow(),
  );
}

/** How many pieces make a line worth about `targetCents` (at least one). */
export const quantityFor = (product: ShopProduct, targetCents: number) => Math.max(1, Math.ceil(targetCents / product.priceCents));

/** Agrees to the terms and places the order; answers the new order's id from the thank-you URL. */
export async function agreeAndPlace(page: Page, terms: RegExp = /Allgemeinen Geschäftsbedingungen/): Promise<number> {
  await page.getByRole('checkbox', { name: terms }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/thank-you\?order=\d+$/);
  return Number(new URL(page.url()).searchParams.get('order'));
}

export interface OrderAnswer {
  _id: number;
  orderType: string;
  receiverAddress: { companyName: string | null; firstName: string | null; street: string | null; zipCode: string | null; city: string | null; country: { code: string } | null };
  items: { sku: string; quantity: number; deliveryDate: string | null; price: { value: number } }[];
  notes: { deliveryDate: string | null; text: string }[];
}

/** GET /api/order/{id} with the signed-in user's token, as other systems read an order. */
export async function readOrder(page: Page, id: number): Promise<OrderAnswer> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const response = await page.request.get(`/api/order/${id}`, { headers: { authorization: `Basic ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderAnswer;
}
