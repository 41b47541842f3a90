import { Worker } from 'node:worker_threads';
import type { SheetFileOptions, SheetFileReading } from './read-workbook.ts';
import { sheetFileRefusal } from './sheet-file-refusal.ts';

// Reads uploaded workbooks on a worker thread of their own, one file at a time (docs/product.md, Order
// sheets: files). A file that takes longer than the time limit has its thread ended (`terminate`) and is
// refused; so is one whose parsing needs more memory than the thread may have (its heap is capped, so a
// hostile file cannot grow the process). The next file gets a fresh thread.

export interface SheetReaderRequest {
  id: number;
  bytes: Uint8Array;
  options: SheetFileOptions;
}

export type SheetReaderAnswer = { id: number; reading: SheetFileReading } | { id: number; failure: string };

export interface SheetReaderPoolOptions {
  timeLimitMs: number;
  /** The thread's V8 heap, in MB: beyond it the thread ends and the file is refused. */
  maxHeapMb: number;
}

export interface SheetFileReader {
  read(bytes: Uint8Array, options: SheetFileOptions): Promise<SheetFileReading>;
  close(): Promise<void>;
}

export const defaultSheetReaderOptions: SheetReaderPoolOptions = { timeLimitMs: 5_000, maxHeapMb: 96 };

export function createSheetFileReader(options: SheetReaderPoolOptions = defaultSheetReaderOptions): SheetFileReader {
  let worker: Worker | undefined;
  let nextId = 1;
  // Files wait for the one before them: one thread, one file at a time.
  let queue: Promise<unknown> = Promise.resolve();

  const startWorker = (): Worker => {
    const started = new Worker(new URL('./sheet-reader-thread.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    // An idle reader thread does not keep the process alive.
    started.unref();
    return started;
  };

  const readNow = (bytes: Uint8Array, readOptions: SheetFileOptions): Promise<SheetFileReading> =>
    new Promise((resolve) => {
      const thread = (worker ??= startWorker());
      const id = nextId++;
      const finish = (reading: SheetFileReading, threadIsLost: boolean) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onLost);
        thread.off('exit', onLost);
        thread.unref();
        if (threadIsLost && worker === thread) {
          worker = undefined;
          void thread.terminate();
        }
        resolve(reading);
      };
      const onMessage = (answer: SheetReaderAnswer) => {
        if (answer.id !== id) return;
        finish('reading' in answer ? answer.reading : { refusal: sheetFileRefusal('corrupt') }, false);
      };
      // The thread ran out of memory or crashed: the file asked too much of it.
      const onLost = () => finish({ refusal: sheetFileRefusal('tooComplex') }, true);
      const timer = setTimeout(() => finish({ refusal: sheetFileRefusal('timeout', { seconds: options.timeLimitMs / 1000 }) }, true), options.timeLimitMs);
      thread.on('message', onMessage);
      thread.on('error', onLost);
      thread.on('exit', onLost);
      thread.ref();
      // A copy of its own for the thread, handed over rather than copied once more (a Buffer's `slice` would
      // share Node's pooled memory, which cannot be handed over).
      const copy = new Uint8Array(bytes);
      thread.postMessage({ id, bytes: copy, options: readOptions } satisfies SheetReaderRequest, [copy.buffer]);
    });

  return {
    read(bytes, readOptions) {
      const reading = queue.then(() => readNow(bytes, readOptions));
      queue = reading.catch(() => undefined);
      return reading;
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
