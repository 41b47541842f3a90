import { parentPort, Worker } from 'node:worker_threads';

// A worker thread that does CPU-heavy file work for the request thread, one piece at a time: reading an
// uploaded workbook, writing a personalised order sheet (ADRs 0025, 0026). Tens to hundreds of milliseconds of
// parsing or zipping on the request thread would hold every buyer's request meanwhile. A piece that takes
// longer than the time limit, or needs more than the thread's capped heap, ends the thread (a hostile file
// cannot grow the process); the next piece gets a fresh one. An idle thread does not keep the process alive.

export interface ThreadLimits {
  timeLimitMs: number;
  /** The thread's V8 heap, in MB. */
  maxHeapMb: number;
}

/** The work's answer, or why there is none: over the time limit, the thread lost (out of memory, crashed), or the work threw. */
export type ThreadOutcome<Answer> = { answer: Answer } | { failed: 'timeout' | 'lost' | 'error'; message?: string };

interface Envelope<Request> {
  id: number;
  request: Request;
}
type Reply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

export interface OneAtATimeThread<Request, Answer> {
  /** Runs the work on the thread; `transfer` hands buffers over instead of copying them (empty here afterwards). */
  run(request: Request, transfer?: ArrayBuffer[]): Promise<ThreadOutcome<Answer>>;
  close(): Promise<void>;
}

export function createOneAtATimeThread<Request, Answer>(script: URL, limits: ThreadLimits): OneAtATimeThread<Request, Answer> {
  let worker: Worker | undefined;
  let nextId = 1;
  // Each piece waits for the one before it: one thread, one piece at a time.
  let queue: Promise<unknown> = Promise.resolve();

  const startWorker = (): Worker => {
    const started = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16 } });
    started.unref();
    return started;
  };

  const runNow = (request: Request, transfer: ArrayBuffer[]): Promise<ThreadOutcome<Answer>> =>
    new Promise((resolve) => {
      const thread = (worker ??= startWorker());
      const id = nextId++;
      const finish = (outcome: ThreadOutcome<Answer>, threadIsLost: boolean) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onLost);
        thread.off('exit', onLost);
        thread.unref();
        if (threadIsLost && worker === thread) {
          worker = undefined;
          void thread.terminate();
        }
        resolve(outcome);
      };
      const onMessage = (reply: Reply<Answer>) => {
        if (reply.id !== id) return;
        finish('answer' in reply ? { answer: reply.answer } : { failed: 'error', message: reply.error }, false);
      };
      const onLost = () => finish({ failed: 'lost' }, true);
      const timer = setTimeout(() => finish({ failed: 'timeout' }, true), limits.timeLimitMs);
      thread.on('message', onMessage);
      thread.on('error', onLost);
      thread.on('exit', onLost);
      thread.ref();
      thread.postMessage({ id, request } satisfies Envelope<Request>, transfer);
    });

  return {
    run(request, transfer = []) {
      const outcome = queue.then(() => runNow(request, transfer));
      queue = outcome.catch(() => undefined);
      return outcome;
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

/** The thread's side: answers each request with the work's answer, handing over the buffers it names. */
export function serveOneAtATime<Request, Answer>(work: (request: Request) => Promise<{ answer: Answer; transfer?: ArrayBuffer[] }>): void {
  const port = parentPort!;
  port.on('message', ({ id, request }: Envelope<Request>) => {
    work(request).then(
      ({ answer, transfer }) => port.postMessage({ id, answer } satisfies Reply<Answer>, transfer ?? []),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply<Answer>),
    );
  });
}
