import { serveOneAtATime } from '../../../lib/one-at-a-time-thread.ts';
import { readWorkbook } from './read-workbook.ts';
import type { SheetReaderRequest } from './sheet-reader-pool.ts';

// The order-sheet reader's worker thread (sheet-reader-pool.ts): unpacking and parsing a workbook takes
// tens to hundreds of milliseconds of CPU, which the request thread must not spend. One file at a time.

serveOneAtATime(async (request: SheetReaderRequest) => ({ answer: await readWorkbook(request.bytes, request.options) }));
