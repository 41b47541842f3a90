import { createOneAtATimeThread, type ThreadLimits } from '../../../lib/one-at-a-time-thread.ts';
import type { SheetFileOptions, SheetFileReading } from './read-workbook.ts';
import { sheetFileRefusal } from './sheet-file-refusal.ts';

// Reads uploaded workbooks on a worker thread of their own, one file at a time (docs/product.md, Order
// sheets: files; server/lib/one-at-a-time-thread.ts). A file that takes longer than the time limit is
// refused, and so is one whose parsing needs more memory than the thread may have.

export interface SheetReaderRequest {
  bytes: Uint8Array;
  options: SheetFileOptions;
}

export type SheetReaderPoolOptions = ThreadLimits;

export interface SheetFileReader {
  /** Takes the bytes: a whole buffer is handed to the thread, and is empty here afterwards. */
  read(bytes: Uint8Array, options: SheetFileOptions): Promise<SheetFileReading>;
  close(): Promise<void>;
}

export const defaultSheetReaderOptions: SheetReaderPoolOptions = { timeLimitMs: 5_000, maxHeapMb: 96 };

export function createSheetFileReader(options: SheetReaderPoolOptions = defaultSheetReaderOptions): SheetFileReader {
  const thread = createOneAtATimeThread<SheetReaderRequest, SheetFileReading>(new URL('./sheet-reader-thread.ts', import.meta.url), options);
  return {
    async read(bytes, readOptions) {
      // Handed over, not copied, when the bytes are a whole buffer of their own (an uploaded file of more
      // than a few KB is): a 10 MB sheet is then in memory once on its way to the thread. A view into Node's
      // pooled memory cannot be handed over and is copied first.
      const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const handed = whole ? bytes : new Uint8Array(bytes);
      const outcome = await thread.run({ bytes: handed, options: readOptions }, [handed.buffer as ArrayBuffer]);
      if ('answer' in outcome) return outcome.answer;
      if (outcome.failed === 'timeout') return { refusal: sheetFileRefusal('timeout', { seconds: options.timeLimitMs / 1000 }) };
      // The thread ran out of memory or crashed: the file asked too much of it.
      if (outcome.failed === 'lost') return { refusal: sheetFileRefusal('tooComplex') };
      return { refusal: sheetFileRefusal('corrupt') };
    },
    close: () => thread.close(),
  };
}
