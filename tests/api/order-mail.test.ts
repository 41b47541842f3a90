import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../core/money.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testDataRoot } from '../setup/test-database.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { orderableProduct, shippingAddressOf } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp-fixture.ts';

// The order confirmation mail: written to the outbox in the order's transaction and
// sent by the mail worker through a real SMTP server on 127.0.0.1. The shop runs with MAIL_WORKER off
// (the default under NODE_ENV=test), so each test drives the worker with drainOnce().

let smtp: TestSmtp;
let shop: TestShop;
let customer: ApiClient;
let email: string;
let homeAddressId: number;
let product: { id: number; sku: string };
let keySeq = 0;

const newKey = () => `mail-key-${process.pid}-${++keySeq}-${Date.now()}`;
const validBody = () => ({ orderType: 'order', shippingAddressId: homeAddressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true });

function mailsFor(orderNumber: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.body.includes(orderNumber));
}

async function placeOrder(quantity = 2) {
  const basket = await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity }] });
  expect(basket.statusCode, JSON.stringify(basket.body)).toBe(200);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: customer.auth, 'idempotency-key': newKey() },
    payload: { ...validBody(), externalOrderNumber: 'PO-<mail>&1' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: number; orderNumber: string; items: { sku: string }[]; costs: { valueGross: { value: number; currency: string } } }>();
}

function outboxOf(orderId: number) {
  return shop.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).execute();
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  shop = await startTestShop({ SMTP_URL: smtp.url });
  customer = await clientFor(shop, 'customer');
  email = (await shop.db.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email;
  homeAddressId = await shippingAddressOf(shop.db, '10001');
  product = await orderableProduct(shop.db, false);
});

afterAll(async () => {
  await shop?.close();
  await smtp.close();
});

beforeEach(async () => {
  smtp.refuse = false;
  await customer.post('/api/basket', { items: [] });
  // Nothing of an earlier test is left due.
  await shop.services.mailWorker.drainOnce();
});

describe('order confirmation mail', () => {
  it('sends exactly one mail to the buyer with the order number, the lines and the gross total', async () => {
    const placed = await placeOrder(3);
    const rows = await outboxOf(placed._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'order_confirmation', recipient: email, attempts: 0, sent_at: null });
    expect(mailsFor(placed.orderNumber)).toHaveLength(0);

    expect(await shop.services.mailWorker.drainOnce()).toBe(1);
    const mails = mailsFor(placed.orderNumber);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual([email]);
    for (const item of placed.items) expect(mail.body).toContain(item.sku);
    // In the shop's frame: the seller's contact data at the foot.
    const seller = await shop.db.selectFrom('seller_companies').select(['phone', 'email']).executeTakeFirstOrThrow();
    expect(mail.body).toContain(seller.phone);
    expect(mail.body).toContain(`E-Mail ${seller.email}`);
    const gross = placed.costs.valueGross;
    expect(mail.body).toContain(formatMoney(gross.value, gross.currency, rows[0]!.locale));
    expect(mail.body).toContain(`/my-account/order-history/${placed._id}`);
    // Values are escaped in the HTML part and plain in the text part.
    expect(mail.body).toContain('PO-&lt;mail&gt;&amp;1');
    expect(mail.body).toContain('PO-<mail>&1');
    expect((await outboxOf(placed._id))[0]!.sent_at).not.toBeNull();

    // Sent once: later rounds send nothing more.
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
    expect(mailsFor(placed.orderNumber)).toHaveLength(1);
  });

  it('writes no mail for a refused order', async () => {
    await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] });
    const before = await shop.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const mailsBefore = smtp.received.length;
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { authorization: customer.auth, 'idempotency-key': newKey() },
      payload: { ...validBody(), termsAccepted: false },
    });
    expect(refused.statusCode).toBe(422);
    const after = await shop.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('sends each mail once when two app processes drain at the same time', async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await placeOrder(1));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: shop.databaseUrl,
      LOG_LEVEL: 'silent',
      MEDIA_DIR: path.join(testDataRoot, 'media'),
      SMTP_URL: smtp.url,
    });
    const handle = openDatabase(shop.databaseUrl, { poolSize: 4 });
    const second = await buildApp({ config, db: handle.db, pages: false });
    try {
      await second.app.ready();
      const sent = await Promise.all([
        shop.services.mailWorker.drainOnce(),
        second.services.mailWorker.drainOnce(),
        shop.services.mailWorker.drainOnce(),
        second.services.mailWorker.drainOnce(),
      ]);
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(placed.length);
    } finally {
      await second.app.close();
      await handle.close();
    }
    for (const order of placed) expect(mailsFor(order.orderNumber), order.orderNumber).toHaveLength(1);
  });

  it('retries a mail the SMTP server refused, later, and sends it once the server accepts again', async () => {
    const placed = await placeOrder(1);
    smtp.refuse = true;
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
    let [row] = await outboxOf(placed._id);
    expect(row!.attempts).toBe(1);
    expect(row!.sent_at).toBeNull();
    expect(row!.claimed_until).toBeNull();
    expect(row!.last_error).toMatch(/451|temporarily/);
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 10_000);

    // Not due yet: the next round leaves it alone even though the server accepts again.
    smtp.refuse = false;
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
    expect(mailsFor(placed.orderNumber)).toHaveLength(0);

    // The pause has passed.
    await shop.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', row!.id).execute();
    expect(await shop.services.mailWorker.drainOnce()).toBe(1);
    expect(mailsFor(placed.orderNumber)).toHaveLength(1);
    [row] = await outboxOf(placed._id);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });
});
