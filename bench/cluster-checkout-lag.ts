import { quantityWorthAnOrder, type CartProduct } from './cluster-data.ts';

// The third part of bench/cluster.ts: orders placed one by one on one instance (directly on its port),
// each after a pause of 50–250 ms (so they do not line up with the event sequencer's rounds), while
// another instance is polled every 5 ms for the order: the ERP's event feed (GET /erp/v1/events, an
// order.placed event with its number) and the buyer's order history (GET /api/order, page 1, newest
// first). Each time runs from the order's answer (its commit is before it) to the first poll that holds
// the order: at most 5 ms and one poll's time too high.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const giveUpMs = 10_000;

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const answer = await fetch(url, { headers });
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Polls every 5 ms until `holds` answers true; answers the ms since `since`. */
async function pollUntil(since: number, what: string, holds: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await holds()) return performance.now() - since;
    if (performance.now() - since > giveUpMs) throw new Error(`${what} did not show the order within ${giveUpMs / 1000} s`);
    await sleep(5);
  }
}

export async function checkoutSeenElsewhere(options: {
  /** Where the orders are placed and where they are looked for. */
  placeBase: string;
  readBase: string;
  token: string;
  erpSecret: string;
  addressId: number;
  cartProducts: readonly CartProduct[];
  orders: number;
}): Promise<{ feedMs: number[]; historyMs: number[] }> {
  const buyer = { authorization: `Basic ${options.token}`, 'content-type': 'application/json' };
  const erp = { authorization: `Bearer ${options.erpSecret}` };
  type FeedPage = { events: { data: { orderNumber?: string } }[]; next: number };
  const feed = (after: number) => getJson<FeedPage>(`${options.readBase}/erp/v1/events?after=${after}&types=order.placed&limit=500`, erp);
  // Catch up with the feed: only the orders placed from here on count.
  let next = 0;
  for (let page = await feed(next); page.events.length > 0; page = await feed(next)) next = page.next;

  const feedMs: number[] = [];
  const historyMs: number[] = [];
  for (let i = 0; i < options.orders; i++) {
    const product = options.cartProducts[i % options.cartProducts.length]!;
    const cart = await fetch(`${options.placeBase}/api/basket`, {
      method: 'POST',
      headers: buyer,
      body: JSON.stringify({ items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: quantityWorthAnOrder(product) }] }),
    });
    if (!cart.ok) throw new Error(`filling the cart: ${cart.status} ${await cart.text()}`);
    await sleep(50 + Math.random() * 200);
    const placed = await fetch(`${options.placeBase}/api/order/create`, {
      method: 'POST',
      headers: { ...buyer, 'idempotency-key': `bench-cluster-lag-${process.pid}-${Date.now()}-${i}` },
      body: JSON.stringify({ orderType: 'order', shippingAddressId: options.addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true }),
    });
    if (placed.status !== 201) throw new Error(`placing an order: ${placed.status} ${await placed.text()}`);
    const committed = performance.now();
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    const [inFeed, inHistory] = await Promise.all([
      pollUntil(committed, 'the event feed', async () => {
        const page = await feed(next);
        next = page.next;
        return page.events.some((event) => event.data.orderNumber === orderNumber);
      }),
      pollUntil(committed, 'the order history', async () => {
        const history = await getJson<{ data: { orderNumber: string }[] }>(`${options.readBase}/api/order?page=1`, buyer);
        return history.data.some((row) => row.orderNumber === orderNumber);
      }),
    ]);
    feedMs.push(inFeed);
    historyMs.push(inHistory);
  }
  return { feedMs, historyMs };
}
