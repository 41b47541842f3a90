import { translatorFor } from '../../../i18n.ts';
import { serveOneAtATime } from '../../../lib/one-at-a-time-thread.ts';
import { writeTemplate, type TemplateSheetData } from './write-template.ts';

// The personalised order sheet's writer thread (template-writer.ts). The file crosses back handed over, not copied.

serveOneAtATime(async (sheet: TemplateSheetData) => {
  const bytes = new Uint8Array(await writeTemplate({ ...sheet, t: translatorFor(sheet.locale) }));
  return { answer: bytes, transfer: [bytes.buffer] };
});
