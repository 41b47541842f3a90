import { performance } from 'node:perf_hooks';

// How busy the shop is with its buyers, shared with other threads of the process without messages, four
// times a second into shared memory; the load jobs' thread reads it when it decides how long to step aside
// (server/modules/erp-jobs/chunk-pause.ts). The request thread notes each storefront request from its start
// until its answer is sent (or the buyer left); the ERP's own requests are not counted (server/app.ts).
// The load of a quarter second is the larger of
//   - the share of it in which at least one storefront request was under way (a request waiting for the
//     database keeps the shop busy while the thread is free), and
//   - the thread's event-loop utilization, when storefront requests came in it: a saturated shop answers
//     quick requests back to back, and the time the thread reads and parses them lies outside them.
// The utilization alone counts the thread's background work too (sending a night's mails), and an import
// stepped aside from it as if buyers were waiting: without buyers the load is 0. A request under way now
// counts as a least load even in the quarter second it came in, so 0 means no buyer is about: nobody
// waits for what the import holds.

const loadSlot = 0;
const underWaySlot = 1;
const leastLoad = 0.001;

/** How often the load is written: short enough to follow a burst of requests. */
export const storefrontLoadIntervalMs = 250;

export interface StorefrontLoad {
  /** Shared memory holding the load in thousandths and the requests under way now: pass it to a worker in its workerData. */
  shared: Int32Array;
  /** A storefront request started; call what it answers once it ended (more calls count once). */
  requestStarted(): () => void;
  stop(): void;
}

/** Measures the storefront's load into shared memory until stopped. */
export function measureStorefrontLoad(): StorefrontLoad {
  const shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  /** Since when requests have been under way without a gap, or since the interval began (performance.now()), while any is. */
  let busySince = 0;
  /** Busy time of the current interval that ended before now. */
  let busyMs = 0;
  /** Whether a storefront request was under way in the current interval. */
  let sawRequest = false;
  let mark = performance.now();
  let loopMark = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    const loop = performance.eventLoopUtilization();
    let busy = busyMs;
    const underWay = Atomics.load(shared, underWaySlot);
    if (underWay > 0) {
      busy += now - busySince;
      busySince = now;
    }
    const share = Math.min(1, busy / Math.max(1, now - mark));
    const utilization = sawRequest || underWay > 0 ? performance.eventLoopUtilization(loop, loopMark).utilization : 0;
    Atomics.store(shared, loadSlot, Math.round(Math.max(share, utilization) * 1000));
    busyMs = 0;
    sawRequest = false;
    mark = now;
    loopMark = loop;
  }, storefrontLoadIntervalMs);
  // Measuring never keeps the process alive.
  timer.unref();
  return {
    shared,
    requestStarted() {
      sawRequest = true;
      // The count lives in the shared memory alone: the worker reads it as this thread moves it.
      if (Atomics.add(shared, underWaySlot, 1) === 0) busySince = performance.now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (Atomics.sub(shared, underWaySlot, 1) === 1) busyMs += performance.now() - busySince;
      };
    },
    stop: () => clearInterval(timer),
  };
}

/** The load (0 … 1) last written into `shared` by measureStorefrontLoad; at least 0.001 while a request is under way. */
export function storefrontLoadOf(shared: Int32Array): number {
  const load = Atomics.load(shared, loadSlot) / 1000;
  return Atomics.load(shared, underWaySlot) > 0 ? Math.max(leastLoad, load) : load;
}
