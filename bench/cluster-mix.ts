import http from 'node:http';
import { percentile } from './bench-harness.ts';
import { send, succeeded, type HttpAnswer, type HttpCall } from './cluster-http.ts';
import { quantityWorthAnOrder, type CartProduct } from './cluster-data.ts';

// The mixed load of bench/cluster.ts: requests drawn at random by kind, each kind's own target drawn at
// random too (a list page of any category, any product's details, any search key), from buyers drawn at
// random; a buyer's cart changes (cart add, checkout) are one at a time, as a browser tab sends them, and
// a checkout orders a cart that holds something. Sent at a fixed rate (open loop: each request leaves on
// its schedule whatever the others do, and its time counts from that schedule, so a server that falls
// behind shows its queue as latency) or with a fixed number in flight (closed loop: what the server manages).

export const requestKinds = ['list', 'detail', 'search', 'cart read', 'cart add', 'checkout'] as const;
export type RequestKind = (typeof requestKinds)[number];

/** Each kind's share in percent: mostly browsing, an order every 20 requests. */
export const kindShares: Record<RequestKind, number> = { list: 30, detail: 25, search: 20, 'cart read': 10, 'cart add': 10, checkout: 5 };

export interface MixTargets {
  listPaths: readonly string[];
  detailPaths: readonly string[];
  searchPaths: readonly string[];
  cartProducts: readonly CartProduct[];
}

export interface Figures {
  count: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface MixResult {
  byKind: Map<RequestKind, Figures>;
  overall: Figures;
  /** Answers a second. */
  rps: number;
  /** The first few errors, to tell what went wrong. */
  problems: string[];
}

interface CartLine {
  _id: number;
  sku: string;
  orderType: 'order';
  quantity: number;
}

interface Buyer {
  headers: Record<string, string>;
  lines: CartLine[];
  /** A cart change of this buyer is under way. */
  writing: boolean;
}

interface Drawn {
  kind: RequestKind;
  call: HttpCall;
  /** What the answer changes in the buyer's cart. */
  settle?: (answer: HttpAnswer) => void;
}

const linesAtMost = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

class Samples {
  private readonly latencies = new Map<RequestKind, number[]>();
  private readonly errors = new Map<RequestKind, number>();
  readonly problems: string[] = [];

  add(kind: RequestKind, call: HttpCall, ms: number, answer: HttpAnswer) {
    if (!this.latencies.has(kind)) this.latencies.set(kind, []);
    this.latencies.get(kind)!.push(ms);
    if (succeeded(answer)) return;
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.problems.length < 5) this.problems.push(`${kind}: ${call.method} ${call.path} → ${answer.status} ${answer.problem ?? ''}`);
  }

  result(seconds: number): MixResult {
    const figures = (latencies: number[], errors: number): Figures => {
      const sorted = Float64Array.from(latencies).sort();
      return { count: sorted.length, p50: tenths(percentile(sorted, 50)), p99: tenths(percentile(sorted, 99)), errors };
    };
    const byKind = new Map<RequestKind, Figures>();
    for (const kind of requestKinds) byKind.set(kind, figures(this.latencies.get(kind) ?? [], this.errors.get(kind) ?? 0));
    const all = [...this.latencies.values()].flat();
    const errors = [...this.errors.values()].reduce((sum, n) => sum + n, 0);
    return { byKind, overall: figures(all, errors), rps: Math.round(all.length / seconds), problems: this.problems };
  }
}

export function createMix(options: { targets: MixTargets; tokens: readonly string[]; addressId: number }) {
  const { targets } = options;
  const buyers: Buyer[] = options.tokens.map((token) => ({ headers: { authorization: `Basic ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' }, lines: [], writing: false }));
  const orderBody = JSON.stringify({ orderType: 'order', shippingAddressId: options.addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true });
  const runKey = `${process.pid}-${Date.now()}`;
  let orders = 0;
  const sharesTotal = requestKinds.reduce((sum, kind) => sum + kindShares[kind], 0);

  function drawKind(): RequestKind {
    let at = Math.random() * sharesTotal;
    for (const kind of requestKinds) {
      at -= kindShares[kind];
      if (at < 0) return kind;
    }
    return requestKinds[0];
  }

  /** A line of a stocked product the cart does not hold yet. */
  function newLine(lines: readonly CartLine[]): CartLine {
    let product = pick(targets.cartProducts);
    while (lines.some((line) => line._id === product.id)) product = pick(targets.cartProducts);
    return { _id: product.id, sku: product.sku, orderType: 'order', quantity: quantityWorthAnOrder(product) * (1 + Math.floor(Math.random() * 5)) };
  }

  function cartAdd(buyer: Buyer): Drawn {
    const lines = [...buyer.lines.slice(buyer.lines.length >= linesAtMost ? 1 : 0), newLine(buyer.lines)];
    buyer.writing = true;
    return {
      kind: 'cart add',
      call: { method: 'POST', path: '/api/basket', headers: buyer.headers, body: JSON.stringify({ items: lines }) },
      settle: (answer) => {
        if (succeeded(answer)) buyer.lines = lines;
        buyer.writing = false;
      },
    };
  }

  function checkout(buyer: Buyer): Drawn {
    buyer.writing = true;
    return {
      kind: 'checkout',
      call: { method: 'POST', path: '/api/order/create', headers: { ...buyer.headers, 'idempotency-key': `bench-cluster-${runKey}-${++orders}` }, body: orderBody },
      settle: (answer) => {
        if (succeeded(answer)) buyer.lines = [];
        buyer.writing = false;
      },
    };
  }

  /** The next request. A checkout with no idle buyer holding a cart becomes a cart add, a cart add with no idle buyer a cart read. */
  function draw(): Drawn {
    const kind = drawKind();
    if (kind === 'checkout') {
      const ready = buyers.filter((buyer) => !buyer.writing && buyer.lines.length > 0);
      if (ready.length > 0) return checkout(pick(ready));
    }
    if (kind === 'checkout' || kind === 'cart add') {
      const idle = buyers.filter((buyer) => !buyer.writing);
      if (idle.length > 0) return cartAdd(pick(idle));
    }
    const { headers } = pick(buyers);
    switch (kind) {
      case 'list':
        return { kind, call: { method: 'GET', path: pick(targets.listPaths), headers } };
      case 'detail':
        return { kind, call: { method: 'GET', path: pick(targets.detailPaths), headers } };
      case 'search':
        return { kind, call: { method: 'GET', path: pick(targets.searchPaths), headers } };
      default:
        return { kind: 'cart read', call: { method: 'GET', path: '/api/basket', headers } };
    }
  }

  async function sendDrawn(agent: http.Agent, port: number, drawn: Drawn): Promise<HttpAnswer> {
    const answer = await send(agent, port, drawn.call);
    drawn.settle?.(answer);
    return answer;
  }

  return {
    /** Puts 3 lines into every buyer's cart (not measured), so checkouts have carts to order from the start. */
    async fillCarts(port: number): Promise<void> {
      const agent = new http.Agent({ keepAlive: true });
      const queue = [...buyers];
      try {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            for (let buyer = queue.shift(); buyer; buyer = queue.shift()) {
              const lines: CartLine[] = [];
              while (lines.length < 3) lines.push(newLine(lines));
              const answer = await send(agent, port, { method: 'POST', path: '/api/basket', headers: buyer.headers, body: JSON.stringify({ items: lines }) });
              if (!succeeded(answer)) throw new Error(`filling a cart: ${answer.status} ${answer.problem}`);
              buyer.lines = lines;
            }
          }),
        );
      } finally {
        agent.destroy();
      }
    },

    /** `rate` requests a second for `seconds`, each timed from its scheduled moment. */
    async openLoop(port: number, rate: number, seconds: number): Promise<MixResult> {
      const agent = new http.Agent({ keepAlive: true });
      const samples = new Samples();
      const pending: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; i < Math.round(rate * seconds); i++) {
        const scheduled = started + (i * 1000) / rate;
        const wait = scheduled - performance.now();
        if (wait >= 1) await sleep(wait);
        const drawn = draw();
        pending.push(sendDrawn(agent, port, drawn).then((answer) => samples.add(drawn.kind, drawn.call, performance.now() - scheduled, answer)));
      }
      await Promise.all(pending);
      agent.destroy();
      return samples.result(seconds);
    },

    /** `inFlight` requests always under way for `seconds`: the most the server answers. */
    async closedLoop(port: number, inFlight: number, seconds: number): Promise<MixResult> {
      const agent = new http.Agent({ keepAlive: true });
      const samples = new Samples();
      const ends = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (performance.now() < ends) {
            const drawn = draw();
            const sent = performance.now();
            const answer = await sendDrawn(agent, port, drawn);
            samples.add(drawn.kind, drawn.call, performance.now() - sent, answer);
          }
        }),
      );
      agent.destroy();
      return samples.result(seconds);
    },
  };
}

export type Mix = ReturnType<typeof createMix>;
