import { parentPort } from 'node:worker_threads';
import { readWorkbook } from './read-workbook.ts';
import type { SheetReaderRequest, SheetReaderAnswer } from './sheet-reader-pool.ts';

// The order-sheet reader's worker thread (sheet-reader-pool.ts): unpacking and parsing a workbook takes
// tens to hundreds of milliseconds of CPU, which the request thread must not spend. One file at a time.

const port = parentPort!;
port.on('message', (request: SheetReaderRequest) => {
  readWorkbook(request.bytes, request.options).then(
    (reading) => port.postMessage({ id: request.id, reading } satisfies SheetReaderAnswer),
    (error: unknown) => port.postMessage({ id: request.id, failure: error instanceof Error ? error.message : String(error) } satisfies SheetReaderAnswer),
  );
});
