// The event feed's lag for bench/erp-loads.ts: orders placed one by one through POST /api/order/create,
// each after a pause of 50–250 ms (so they do not line up with the sequencer's rounds), while
// GET /erp/v1/events is polled every 5 ms. An order's lag runs from its answer (the commit is before
// it) to the first poll whose answer holds its order.placed event: the figure is at most 5 ms and one
// poll's time too high.

import { percentile } from './bench-harness.ts';

export async function eventFeedLag(options: {
  base: string;
  erpHeaders: Record<string, string>;
  customerToken: string;
  addressId: number;
  products: { id: number; sku: string; sales_batch_size: number }[];
  orders: number;
}): Promise<{ p50: number; p99: number; max: number }> {
  const shopHeaders = { authorization: `Basic ${options.customerToken}`, 'content-type': 'application/json' };
  const feed = async (after: number) => {
    const answer = await fetch(`${options.base}/erp/v1/events?after=${after}&types=order.placed&limit=500`, { headers: options.erpHeaders });
    if (!answer.ok) throw new Error(`events: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { events: { data: { orderNumber?: string } }[]; next: number };
  };
  // Catch up with the feed: only the orders placed from here on count.
  let next = 0;
  for (let page = await feed(next); page.events.length > 0; page = await feed(next)) next = page.next;

  const lags: number[] = [];
  for (let i = 0; i < options.orders; i++) {
    const product = options.products[i % options.products.length]!;
    const basket = await fetch(`${options.base}/api/basket`, {
      method: 'POST',
      headers: shopHeaders,
      body: JSON.stringify({ items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: product.sales_batch_size }] }),
    });
    if (!basket.ok) throw new Error(`filling the cart: ${basket.status} ${await basket.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    const order = await fetch(`${options.base}/api/order/create`, {
      method: 'POST',
      headers: { ...shopHeaders, 'idempotency-key': `bench-lag-${process.pid}-${Date.now()}-${i}` },
      body: JSON.stringify({ orderType: 'order', shippingAddressId: options.addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true }),
    });
    if (!order.ok) throw new Error(`placing an order: ${order.status} ${await order.text()}`);
    const committed = performance.now();
    for (;;) {
      const page = await feed(next);
      if (page.events.length > 0) {
        lags.push(performance.now() - committed);
        next = page.next;
        break;
      }
      if (performance.now() - committed > 10_000) throw new Error('an order did not reach the event feed within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  lags.sort((a, b) => a - b);
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1)! };
}
