import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { orderLinesSearchText } from '../../core/order-search-words.ts';
import { findCartProducts, shopApi, type ShopProduct } from './cart-fixtures.ts';
import { companyId, demoTenantId, whileChanged } from './checkout-fixtures.ts';
import { captureScreens, signIn, viewports, withShopDatabase } from './helpers.ts';

// The order history in the browser: a search and a filter in the URL, an order's
// detail with its timeline and a parcel's tracking link, "order all again" with a line whose product is no
// longer sold, an export of the list, and the 'Order not found' page. The order is written straight into
// the e2e database (with a unique number, so the seeded history around it does not matter).

const orderNumber = 'E2E-HIST-0001';
const poNumber = 'PO-E2E-4711';
const dhlCode = '00340434161234567890';
const forwarderCode = 'SPED-77-1234';

let kept: ShopProduct;
let discontinued: ShopProduct;
let orderId: number;

/** An order of the demo customer: shipped (status 3), one DHL parcel (tracked) and one by a forwarder (no tracking page). */
async function insertShippedOrder(): Promise<number> {
  return withShopDatabase(async (db) => {
    const tenantId = await demoTenantId(db);
    // Playwright runs beforeAll again in the worker that follows a failed test: the order may be there already.
    const existing = await db.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).where('order_number', '=', orderNumber).executeTakeFirst();
    if (existing) return existing.id;
    const customer = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', 'customer').executeTakeFirstOrThrow();
    const placed = new Date(Date.now() - 3 * 86_400_000);
    const at = (days: number) => new Date(placed.getTime() + days * 86_400_000).toISOString();
    const lines = [
      { product: kept, quantity: 3 },
      { product: discontinued, quantity: 2 },
    ];
    const net = lines.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
    const vat = Math.round(net * 0.19);
    const order = await db
      .insertInto('orders')
      .values({
        tenant_id: tenantId,
        order_number: orderNumber,
        company_id: await companyId(db, '10001'),
        user_id: customer.id,
        order_type: 'order',
        order_date: placed.toISOString(),
        external_order_number: poNumber,
        status_id: '3',
        delivery_status: 'partial',
        payment_status: 'open',
        payment_method: 'Rechnung',
        shipping_method_name: 'Paketversand',
        receiver_company: 'Muster Baubedarf GmbH',
        receiver_street: 'Industriestraße 7',
        receiver_zip_code: '22525',
        receiver_city: 'Hamburg',
        receiver_country_code: 'DE',
        receiver_country_name: 'Deutschland',
        net_total_cents: net,
        vat_total_cents: vat,
        gross_total_cents: net + vat,
        // The costs as the checkout writes them (server/modules/orders/order-view.ts: CostsSnapshot).
        costs: JSON.stringify({
          goodsNetCents: net,
          discount: { treatment: 'none' },
          shippingNetCents: 0,
          freightNetCents: 0,
          vatByRate: [{ rateBp: 1900, netCents: net, vatCents: vat }],
          netCents: net,
          vatCents: vat,
          grossCents: net + vat,
        }),
        search_text: orderLinesSearchText(lines.map((line) => ({ sku: line.product.sku, variant_sku: null, name: line.product.name }))),
        created_at: placed.toISOString(),
        updated_at: placed.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        lines.map((line, index) => ({
          tenant_id: tenantId,
          order_id: order.id,
          product_id: line.product.id,
          sku: line.product.sku,
          name: line.product.name,
          quantity: line.quantity,
          unit_price_cents: line.product.priceCents,
          vat_rate_bp: 1900,
          line_net_cents: line.product.priceCents * line.quantity,
          sort_order: index,
        })),
      )
      .execute();
    await db
      .insertInto('order_status_events')
      .values([
        { tenant_id: tenantId, order_id: order.id, status_id: '2', occurred_at: at(1) },
        { tenant_id: tenantId, order_id: order.id, status_id: '3', occurred_at: at(2) },
      ])
      .execute();
    await db
      .insertInto('order_packs')
      .values([
        { tenant_id: tenantId, order_id: order.id, carrier: 'DHL', tracking_code: dhlCode, tracking_url: null, shipped_at: at(2) },
        { tenant_id: tenantId, order_id: order.id, carrier: 'Spedition Nord', tracking_code: forwarderCode, tracking_url: null, shipped_at: null },
      ])
      .execute();
    // What the ERP sent back: its own order number and a parcel with its delivery note.
    await db.updateTable('orders').set({ erp_order_number: 'SO-2026-0042' }).where('id', '=', order.id).execute();
    await db
      .insertInto('order_shipments')
      .values({
        tenant_id: tenantId,
        order_id: order.id,
        external_id: 'LS-2026-0815',
        carrier: 'DHL',
        tracking_code: dhlCode,
        tracking_url: null,
        shipped_at: at(2),
        lines: JSON.stringify([{ sku: lines[0]!.product.sku, quantity: lines[0]!.quantity }]),
        delivery_document_url: 'https://erp.example.com/delivery-notes/LS-2026-0815.pdf',
      })
      .execute();
    return order.id;
  });
}

test.beforeAll(async () => {
  const products = await findCartProducts();
  [kept, discontinued] = products.plain as [ShopProduct, ShopProduct];
  orderId = await insertShippedOrder();
});

const filters = (page: Page) => page.getByTestId('order-filters');

/** The rows of the list shown at the current width (the table from 1024 px, cards below). */
const visibleRows = (page: Page) => page.locator('[data-testid="order-row"], [data-testid="order-card"]').filter({ visible: true });

test('a buyer finds an order by search and filter, follows its parcel and orders it again', async ({ page }) => {
  // Screenshots and axe at two widths on four screens: minutes on a small, shared machine.
  test.setTimeout(240_000);
  await signIn(page, 'customer');
  // The account navigation leads to the history.
  await page.goto('/my-account');
  await page.getByTestId('account-nav').getByRole('link', { name: 'Bestellhistorie' }).click();
  await expect(page).toHaveURL(/\/my-account\/order-history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestellhistorie');
  // Newest first: the order of three days ago is among the first, with its PO number and status.
  await expect(visibleRows(page).first()).toBeVisible();
  await captureScreens(page, 'order-history-de');

  // The search finds it by PO number; the filters travel in the URL.
  await filters(page).getByLabel('Bestellungen durchsuchen').fill(poNumber);
  await page.getByTestId('apply-filters').click();
  await expect(page).toHaveURL(new RegExp(`search=${poNumber}`));
  await expect(visibleRows(page)).toHaveCount(1);
  await expect(page.getByTestId('order-count')).toHaveText('1 Bestellung');
  const row = visibleRows(page).first();
  await expect(row).toContainText(orderNumber);
  await expect(row).toContainText('Versendet');
  await expect(row).toContainText('Teilweise geliefert');

  // A product name finds it too, and a status filter narrows the search: "shipped" keeps it, "cancelled" not.
  await filters(page).getByLabel('Bestellungen durchsuchen').fill(discontinued.name);
  await filters(page).getByLabel('Status').selectOption({ label: 'Versendet' });
  await page.getByTestId('apply-filters').click();
  await expect(page).toHaveURL(/status=3/);
  await expect(visibleRows(page).filter({ hasText: orderNumber })).toHaveCount(1);
  await filters(page).getByLabel('Status').selectOption({ label: 'Storniert' });
  await page.getByTestId('apply-filters').click();
  await expect(page.getByTestId('order-empty')).toContainText('Keine Bestellung gefunden');
  await expect(filters(page).getByLabel('Bestellungen durchsuchen')).toHaveValue(discontinued.name);
  await captureScreens(page, 'order-history-empty-de');

  // The export of the list as filtered: an XLSX file, saved without leaving the page.
  await filters(page).getByLabel('Status').selectOption({ label: 'Alle' });
  await page.getByTestId('apply-filters').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  expect((await download).suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page).toHaveURL(/\/my-account\/order-history\?/);

  // The detail: timeline, the DHL parcel's code links to DHL's tracking page in a new tab, the forwarder's is plain text.
  await visibleRows(page).filter({ hasText: orderNumber }).getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/my-account/order-history/${orderId}$`));
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(page.getByTestId('timeline-step')).toHaveCount(3);
  await expect(page.getByTestId('timeline-step').last()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('timeline-step').last()).toContainText('Versendet');
  const tracking = page.getByTestId('tracking-link');
  await expect(tracking).toHaveCount(1);
  await expect(tracking).toContainText(dhlCode);
  await expect(tracking).toHaveAttribute('href', new RegExp(`^https://www\\.dhl\\.de/.*${dhlCode}`));
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expect(tracking).toHaveAttribute('rel', 'noopener');
  await expect(page.getByTestId('tracking-code')).toHaveText(forwarderCode);
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-confirmation-pdf')).toHaveAttribute('href', `/my-account/order-history/${orderId}/document`);
  // What the ERP sent back: its order number, and its parcel with what it holds and its delivery note.
  await expect(page.getByTestId('erp-order-number')).toContainText('SO-2026-0042');
  await expect(page.getByTestId('order-shipments')).toContainText(kept.name);
  await expect(page.getByTestId('order-shipments').getByRole('link', { name: /Lieferschein/ })).toHaveAttribute('href', 'https://erp.example.com/delivery-notes/LS-2026-0815.pdf');
  await captureScreens(page, 'order-detail-de');

  // Order all again while one product is no longer sold: the other line goes to the cart, this one is skipped with its reason.
  const api = shopApi(page);
  await api.saveBasket([]);
  await whileChanged(
    (db) => db.updateTable('products').set({ is_active: 0 }).where('id', '=', discontinued.id).execute(),
    (db) => db.updateTable('products').set({ is_active: 1 }).where('id', '=', discontinued.id).execute(),
    async () => {
      await page.getByTestId('reorder-all').click();
      const result = page.getByTestId('reorder-result');
      await expect(result).toBeFocused();
      await expect(result.getByTestId('reorder-added')).toContainText(kept.name);
      await expect(result.getByTestId('reorder-added')).toContainText('Menge 3');
      await expect(result.getByTestId('reorder-skipped')).toContainText(discontinued.name);
      await expect(result.getByTestId('reorder-skipped')).toContainText('Nicht mehr im Sortiment');
      await captureScreens(page, 'order-reorder-de');
    },
  );
  const cart = (await api.basket()).items.filter((line) => line.orderType === 'order');
  expect(cart.map((line) => [line.sku, line.quantity])).toEqual([[kept.sku, 3]]);

  // One line again: its quantity adds to what the cart holds.
  await page.getByTestId('order-line').first().getByTestId('reorder-line').click();
  // The result panel already showed the first reorder's line: wait for the cart itself.
  await expect.poll(async () => (await api.basket()).items.filter((line) => line.orderType === 'order').map((line) => line.quantity)).toEqual([6]);
  await page.getByTestId('reorder-cart-order').click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
  await api.saveBasket([]);
});

test('an unknown or foreign order is the "Order not found" page', async ({ page }) => {
  await signIn(page, 'customer2');
  // The demo customer's order, seen from another company: exactly like an id nobody has.
  for (const id of [orderId, 2_000_000_000]) {
    const response = await page.goto(`/my-account/order-history/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Seite konnte nicht gefunden werden');
    await expect(page.getByText('Bestellung nicht gefunden')).toBeVisible();
    // The account navigation stays, so the history is one click away.
    await expect(page.getByTestId('account-nav')).toBeVisible();
  }
  const pdf = await page.request.get(`/my-account/order-history/${orderId}/document`);
  expect(pdf.status()).toBe(404);
});

test('the history and an order in English, as cards on a phone', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'customer');
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto(`/my-account/order-history?search=${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order history');
  await expect(page.getByTestId('order-count')).toHaveText('1 order');
  await captureScreens(page, 'order-history-en');
  await page.setViewportSize(viewports.phone);
  await expect(page.getByTestId('order-table')).toBeHidden();
  const card = page.getByTestId('order-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Partially delivered');
  await card.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${orderNumber}`);
  await expect(page.getByTestId('order-line-card')).toHaveCount(2);
  await expect(page.getByTestId('tracking-link')).toBeVisible();
  await captureScreens(page, 'order-detail-en');
});
