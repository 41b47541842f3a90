import { performance } from 'node:perf_hooks';

// How busy the shop is with its buyers, shared with other threads of the process without messages: the
// request thread notes each storefront request from its start until its answer is sent (or the buyer
// left), and writes four times a second the share of the last quarter second in which at least one was
// under way into shared memory; the load jobs' thread reads it when it decides how long to step aside
// (server/modules/erp-jobs/chunk-pause.ts). Not the thread's event-loop utilization: that counts the
// thread's background work too (sending a night's mails), and an import stepped aside from that as if
// buyers were waiting. The ERP's own requests are not counted either (server/app.ts).

/** How often the share is written: short enough to follow a burst of requests. */
export const storefrontLoadIntervalMs = 250;

export interface StorefrontLoad {
  /** Shared memory holding the share in thousandths: pass it to a worker in its workerData. */
  shared: Int32Array;
  /** A storefront request started; call what it answers once it ended (more calls count once). */
  requestStarted(): () => void;
  stop(): void;
}

/** Measures the share of time with a storefront request under way into shared memory until stopped. */
export function measureStorefrontLoad(): StorefrontLoad {
  const shared = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  let underWay = 0;
  /** Since when requests have been under way without a gap (performance.now()), while any is. */
  let busySince = 0;
  /** Busy time of the current interval that ended before now. */
  let busyMs = 0;
  let mark = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    let busy = busyMs;
    if (underWay > 0) {
      busy += now - busySince;
      busySince = now;
    }
    Atomics.store(shared, 0, Math.round(Math.min(1, busy / Math.max(1, now - mark)) * 1000));
    busyMs = 0;
    mark = now;
  }, storefrontLoadIntervalMs);
  // Measuring never keeps the process alive.
  timer.unref();
  return {
    shared,
    requestStarted() {
      if (underWay++ === 0) busySince = performance.now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (--underWay === 0) busyMs += performance.now() - Math.max(busySince, mark);
      };
    },
    stop: () => clearInterval(timer),
  };
}

/** The share (0 … 1) last written into `shared` by measureStorefrontLoad. */
export function storefrontLoadOf(shared: Int32Array): number {
  return Atomics.load(shared, 0) / 1000;
}
