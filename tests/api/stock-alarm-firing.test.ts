import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { shopDayStart, shopToday } from '../../core/shop-day.ts';
import { setSiteSetting } from './basket-fixtures.ts';
import { erpKey, erpLoad, insertProduct, visibleCategoryId } from './erp-load-fixtures.ts';
import { settledJob, startJob } from './erp-job-fixtures.ts';
import type { TestShop } from './helper.ts';
import { insertOrder } from './order-history-fixtures.ts';
import { mailShopForFile } from './smtp-fixture.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createAlarmFiringWorker } from '../../server/modules/alarm-firing/alarm-firing-worker.ts';

// The stock alarms' firing (docs/product.md, "Stock alarms and notifications"; ADR 0027): a stock change of a
// watched product, however it is written, is noted by the database in the writer's transaction, and the worker
// (driven here with runNow(); ALARM_WORKER is off under NODE_ENV=test) fires each alarm the buyer can now order,
// once, with its notification, unread count and mail. Alarms are written straight into the database: this file
// is about when they fire, not how they are set.

const mailShop = mailShopForFile();
let shop: TestShop;
let tenantId: number;
let categoryId: number;
let stockKey: string;
let products = 0;

beforeAll(async () => {
  shop = mailShop.shop;
  tenantId = mailShop.tenantId;
  categoryId = await visibleCategoryId(shop, tenantId);
  stockKey = await erpKey(shop, tenantId, ['stock:write']);
});

async function newProduct(stock: number, options: { batchSize?: number; variantStock?: number } = {}) {
  products += 1;
  const sku = `ALARM-${products}`;
  const variants = options.variantStock === undefined ? [] : [{ variantSku: `${sku}-V`, stock: options.variantStock }];
  const id = await insertProduct(shop, tenantId, categoryId, { sku, priceCents: 500, stock, variants });
  if (options.batchSize) await shop.db.updateTable('products').set({ sales_batch_size: options.batchSize }).where('id', '=', id).execute();
  const variant = await shop.db.selectFrom('product_variants').select('id').where('product_id', '=', id).executeTakeFirst();
  return { id, sku, variantId: variant?.id ?? null };
}

async function newBuyer(stockMail: 'each' | 'digest' | 'off' = 'off') {
  const user = await mailShop.newCustomer('alarm');
  await shop.db.updateTable('users').set({ stock_mail: stockMail }).where('id', '=', user.userId).execute();
  const company = await shop.db.selectFrom('users').select('company_id').where('id', '=', user.userId).executeTakeFirstOrThrow();
  return { ...user, companyId: company.company_id! };
}

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
type TestProduct = Awaited<ReturnType<typeof newProduct>>;

async function setAlarm(buyer: Buyer, product: TestProduct, quantity: number, onVariant = false) {
  const row = await shop.db
    .insertInto('stock_alarms')
    .values({
      tenant_id: tenantId,
      user_id: buyer.userId,
      company_id: buyer.companyId,
      product_id: product.id,
      variant_id: onVariant ? product.variantId : null,
      name: `Artikel ${product.sku}`,
      domain_reference: onVariant ? `${product.sku}-V` : product.sku,
      quantity,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const setStock = (product: TestProduct, quantity: number) => erpLoad(shop, stockKey, '/stock', [{ sku: product.sku, quantity }]);
const fire = () => shop.services.alarmFiring.runNow();

function notificationsOf(buyer: Buyer) {
  return shop.db
    .selectFrom('notifications')
    .select(['type', 'product_id', 'variant_id', 'quantity', 'alarm_id', 'mail_state', 'viewed', 'company_id', 'domain_reference'])
    .where('user_id', '=', buyer.userId)
    .orderBy('id')
    .execute();
}

const alarmRow = (id: number) => shop.db.selectFrom('stock_alarms').select(['fired_at', 'last_fired_at']).where('id', '=', id).executeTakeFirstOrThrow();
const unreadOf = async (buyer: Buyer) =>
  (await shop.db.selectFrom('notification_counts').select('unread').where('user_id', '=', buyer.userId).where('company_id', '=', buyer.companyId).executeTakeFirst())?.unread ?? 0;
const pendingChecks = async () => Number((await shop.db.selectFrom('stock_alarm_checks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('an alarm fires', () => {
  it('on an ERP stock row that lets the buyer order the wished quantity: one notification, the alarm marked, the count raised', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    const alarmId = await setAlarm(buyer, product, 5);
    await setStock(product, 5);
    expect(await pendingChecks()).toBeGreaterThan(0);
    expect(await fire()).toMatchObject({ backInStock: 1 });
    expect(await notificationsOf(buyer)).toEqual([
      { type: 'backInStock', product_id: product.id, variant_id: null, quantity: 5, alarm_id: alarmId, mail_state: null, viewed: 0, company_id: buyer.companyId, domain_reference: product.sku },
    ]);
    const alarm = await alarmRow(alarmId);
    expect(alarm.fired_at).not.toBeNull();
    expect(alarm.last_fired_at).toBe(alarm.fired_at);
    expect(await unreadOf(buyer)).toBe(1);
    expect(await pendingChecks()).toBe(0);
    // A fired alarm stays fired: more stock notifies no more.
    await setStock(product, 50);
    await fire();
    expect(await notificationsOf(buyer)).toHaveLength(1);
  });

  it('not below the wished quantity, then at it; a variant alarm by the variant’s stock', async () => {
    const product = await newProduct(0, { variantStock: 0 });
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 6);
    const other = await newBuyer();
    await setAlarm(other, product, 2, true);
    await setStock(product, 5);
    await erpLoad(shop, stockKey, '/stock', [{ variantSku: `${product.sku}-V`, quantity: 1 }]);
    await fire();
    expect(await notificationsOf(buyer)).toEqual([]);
    expect(await notificationsOf(other)).toEqual([]);
    await setStock(product, 6);
    await erpLoad(shop, stockKey, '/stock', [{ variantSku: `${product.sku}-V`, quantity: 2 }]);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock']);
    expect(await notificationsOf(other)).toMatchObject([{ type: 'backInStock', variant_id: product.variantId, domain_reference: `${product.sku}-V` }]);
  });

  it('on a stock job', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 3);
    const jobKey = await erpKey(shop, tenantId, ['stock:write']);
    const id = await startJob(shop, jobKey, 'stock', [{ sku: product.sku, quantity: 30, preStocks: [] }]);
    expect((await settledJob(shop, jobKey, id)).state).toBe('done');
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock']);
  });

  it('after the load job on its thread ended: a round while the job runs judges nothing and keeps the checks', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 2);
    let jobUnderWay = true;
    const onJobThread = createAlarmFiringWorker({ db: shop.db, clock: systemClock, pauseMs: 60_000, log: { error: () => undefined }, holdWhile: () => jobUnderWay });
    await setStock(product, 10);
    expect(await onJobThread.runNow()).toEqual({ backInStock: 0, lowStock: 0 });
    expect(await pendingChecks()).toBeGreaterThan(0);
    expect(await notificationsOf(buyer)).toEqual([]);
    jobUnderWay = false;
    expect(await onJobThread.runNow()).toMatchObject({ backInStock: 1 });
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock']);
  });

  it('on a timed-out online order giving its stock back', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 4);
    const orderId = await insertOrder(shop.db, tenantId, {
      companyId: buyer.companyId,
      userId: buyer.userId,
      orderNumber: `ALARM-ORDER-${product.id}`,
      orderDate: new Date().toISOString(),
      paymentStatus: 'awaiting',
      lines: [{ sku: product.sku, name: 'Artikel', quantity: 4, unitCents: 500, productId: product.id }],
    });
    await shop.db.updateTable('order_items').set({ allocated_quantity: 4 }).where('order_id', '=', orderId).execute();
    await shop.db.updateTable('orders').set({ payment_due_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', orderId).execute();
    expect(await shop.services.paymentTimeout.runNow()).toBeGreaterThanOrEqual(1);
    expect((await shop.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock).toBe(4);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock']);
  });

  it('on any other write of the stock (plain SQL)', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 1);
    await sql`update products set stock = stock + 7 where id = ${product.id}`.execute(shop.db);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock']);
  });

  it('not at stock 0, even for a product the shop sells beyond its stock (the cart would take it)', async () => {
    await setSiteSetting(shop, tenantId, 'buyableWithoutStock', true);
    const product = await newProduct(3);
    await shop.db.updateTable('products').set({ is_only_sellable_with_positive_stock: 0 }).where('id', '=', product.id).execute();
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 1);
    await setStock(product, 0);
    await fire();
    expect(await notificationsOf(buyer)).toEqual([]);
    await setSiteSetting(shop, tenantId, 'buyableWithoutStock', false);
  });

  it('not for a product the buyer cannot see (inactive, hidden category), and when it becomes visible at its next change', async () => {
    const inactive = await newProduct(0);
    const hidden = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, inactive, 1);
    await setAlarm(buyer, hidden, 1);
    const hiddenCategory = await shop.db
      .insertInto('categories')
      .values({ tenant_id: tenantId, parent_id: null, slug: 'verborgen-alarm', name: 'Verborgen', name_en: null, external_id: null, is_active: 0, is_deal: 0, sort_order: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    await shop.db.updateTable('products').set({ category_id: hiddenCategory.id }).where('id', '=', hidden.id).execute();
    await setStock(inactive, 10);
    await setStock(hidden, 10);
    await fire();
    expect(await notificationsOf(buyer)).toEqual([]);
    // A product that becomes active again is judged at once.
    await shop.db.updateTable('products').set({ is_active: 1 }).where('id', '=', inactive.id).execute();
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.product_id)).toEqual([inactive.id]);
  });

  it('costs nothing for an unwatched product: its stock writes note no check', async () => {
    const product = await newProduct(0);
    await setStock(product, 9);
    await sql`update products set stock = 3 where id = ${product.id}`.execute(shop.db);
    expect(await shop.db.selectFrom('stock_alarm_checks').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
  });
});

describe('the 10-minute flap rule', () => {
  it('keeps an alarm that fired less than 10 minutes ago armed, and fires it at the first change after', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    const alarmId = await setAlarm(buyer, product, 2);
    await setStock(product, 5);
    await fire();
    // The buyer re-arms; the stock drops and comes back within the 10 minutes.
    await shop.db.updateTable('stock_alarms').set({ fired_at: null }).where('id', '=', alarmId).execute();
    await setStock(product, 0);
    await setStock(product, 5);
    shop.clock.advance(9 * 60_000);
    await fire();
    expect(await notificationsOf(buyer)).toHaveLength(1);
    expect((await alarmRow(alarmId)).fired_at).toBeNull();
    // After the window, the next stock change fires it.
    shop.clock.advance(2 * 60_000);
    await setStock(product, 6);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock', 'backInStock']);
    expect((await alarmRow(alarmId)).fired_at).not.toBeNull();
  });
});

describe('low in stock', () => {
  it('tells a fired alarm’s buyer once a shop day when the stock falls below the wished quantity', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer();
    await setAlarm(buyer, product, 5);
    await setStock(product, 10);
    await fire();
    await setStock(product, 3);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock', 'lowStock']);
    // Up and down again the same day: no second notice. At 0 the buyer cannot order it: none either.
    await setStock(product, 8);
    await setStock(product, 2);
    await fire();
    await setStock(product, 0);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock', 'lowStock']);
    // A notice given on an earlier shop day does not count for today.
    const yesterday = new Date(Date.parse(shopDayStart(shopToday(shop.clock.now()))) - 1_000).toISOString();
    await sql`update notifications set created_at = ${yesterday} where user_id = ${buyer.userId}`.execute(shop.db);
    await setStock(product, 9);
    await setStock(product, 4);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.type)).toEqual(['backInStock', 'lowStock', 'lowStock']);
    expect(await unreadOf(buyer)).toBe(3);
  });

  it('tells a wishlist’s buyer when the stock falls below two batches', async () => {
    const product = await newProduct(20, { batchSize: 5 });
    const buyer = await newBuyer();
    const wishlist = await shop.db.insertInto('wishlists').values({ tenant_id: tenantId, user_id: buyer.userId, company_id: buyer.companyId }).returning('id').executeTakeFirstOrThrow();
    await shop.db.insertInto('wishlist_items').values({ tenant_id: tenantId, wishlist_id: wishlist.id, product_id: product.id }).execute();
    await setStock(product, 10);
    await fire();
    expect(await notificationsOf(buyer)).toEqual([]);
    await setStock(product, 9);
    await fire();
    expect(await notificationsOf(buyer)).toMatchObject([{ type: 'lowStock', product_id: product.id, quantity: null, alarm_id: null, mail_state: null }]);
  });
});

describe('mails', () => {
  it('each: one mail per fired alarm, in the user’s language, with the link to the product', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer('each');
    await shop.db.updateTable('users').set({ locale: 'en' }).where('id', '=', buyer.userId).execute();
    await setAlarm(buyer, product, 2);
    await setStock(product, 2);
    await fire();
    expect((await notificationsOf(buyer))[0]!.mail_state).toBe('sent');
    const mails = await mailShop.takeMailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('can be ordered again');
    expect(mails[0]!.body).toContain(`https://shop.example/product/${product.id}?sku=${product.sku}`);
    expect(await mailShop.takeMailsTo(buyer.email)).toHaveLength(0);
  });

  it('off: no mail', async () => {
    const product = await newProduct(0);
    const buyer = await newBuyer('off');
    await setAlarm(buyer, product, 1);
    await setStock(product, 1);
    await fire();
    expect(await notificationsOf(buyer)).toHaveLength(1);
    expect(await mailShop.takeMailsTo(buyer.email)).toHaveLength(0);
  });

  it('digest: nothing at once, then one mail the next shop day listing the products (none for a user who turned mails off since)', async () => {
    const first = await newProduct(0);
    const second = await newProduct(0);
    const buyer = await newBuyer('digest');
    const changedMind = await newBuyer('digest');
    await setAlarm(buyer, first, 1);
    await setAlarm(buyer, second, 1);
    await setAlarm(changedMind, first, 1);
    await setStock(first, 1);
    await setStock(second, 1);
    await fire();
    expect((await notificationsOf(buyer)).map((n) => n.mail_state)).toEqual(['digest', 'digest']);
    expect(await mailShop.takeMailsTo(buyer.email)).toHaveLength(0);
    await shop.db.updateTable('users').set({ stock_mail: 'off' }).where('id', '=', changedMind.userId).execute();
    shop.clock.advance(24 * 3_600_000);
    await fire();
    await fire();
    const mails = await mailShop.takeMailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(first.sku);
    expect(mails[0]!.body).toContain(second.sku);
    expect((await notificationsOf(buyer)).map((n) => n.mail_state)).toEqual(['sent', 'sent']);
    expect(await mailShop.takeMailsTo(changedMind.email)).toHaveLength(0);
  });
});
