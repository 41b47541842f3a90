import { createOneAtATimeThread, type ThreadLimits } from '../../../lib/one-at-a-time-thread.ts';
import type { TemplateSheetData } from './write-template.ts';

// Personalised order sheets are written on a worker thread of their own (server/lib/one-at-a-time-thread.ts):
// building and zipping a sheet of 5,000 items takes most of a second of CPU, which would hold every other
// buyer's request on the request thread.

export interface TemplateWriter {
  write(sheet: TemplateSheetData): Promise<Buffer>;
  close(): Promise<void>;
}

/** A sheet is at most 5,000 rows: seconds and a heap far beyond what one needs, bounds all the same. */
export const defaultTemplateWriterLimits: ThreadLimits = { timeLimitMs: 30_000, maxHeapMb: 256 };

export function createTemplateWriter(limits: ThreadLimits = defaultTemplateWriterLimits): TemplateWriter {
  const thread = createOneAtATimeThread<TemplateSheetData, Uint8Array>(new URL('./template-writer-thread.ts', import.meta.url), limits);
  return {
    async write(sheet) {
      const outcome = await thread.run(sheet);
      if ('failed' in outcome) throw new Error(`the order sheet could not be written: ${outcome.failed}${outcome.message ? ` (${outcome.message})` : ''}`);
      return Buffer.from(outcome.answer.buffer, outcome.answer.byteOffset, outcome.answer.byteLength);
    },
    close: () => thread.close(),
  };
}
