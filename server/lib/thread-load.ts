import { performance } from 'node:perf_hooks';

// How busy a thread's event loop is, shared with other threads of the process without messages: the
// thread that is measured writes its event-loop utilization (the share of the last interval it spent
// running code rather than waiting) into shared memory, and a worker reads it when it decides how long to
// step aside (server/modules/erp-jobs/chunk-pause.ts).

/** How often the utilization is measured: short enough to follow a burst of requests. */
const measureEveryMs = 250;

export interface ThreadLoad {
  /** Shared memory holding the utilization in thousandths: pass it to a worker in its workerData. */
  shared: Int32Array;
  stop(): void;
}

/** Measures the calling thread's event-loop utilization into shared memory until stopped. */
export function measureThisThreadsLoad(): ThreadLoad {
  const shared = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  let mark = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    Atomics.store(shared, 0, Math.round(performance.eventLoopUtilization(now, mark).utilization * 1000));
    mark = now;
  }, measureEveryMs);
  // Measuring never keeps the process alive.
  timer.unref();
  return { shared, stop: () => clearInterval(timer) };
}

/** The utilization (0 … 1) last written into `shared` by measureThisThreadsLoad. */
export function utilizationOf(shared: Int32Array): number {
  return Atomics.load(shared, 0) / 1000;
}
