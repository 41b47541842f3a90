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
  /** Takes the bytes: a whole buffer is handed to the thread, and is empty here afterwards. */
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
      // Handed over, not copied, when the bytes are a whole buffer of their own (an uploaded file of more
      // than a few KB is): a 10 MB sheet is then in memory once on its way to the thread. A view into Node's
      // pooled memory cannot be handed over and is copied first.
      const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const handed = whole ? bytes : new Uint8Array(bytes);
      thread.postMessage({ id, bytes: handed, options: readOptions } satisfies SheetReaderRequest, [handed.buffer as ArrayBuffer]);
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
