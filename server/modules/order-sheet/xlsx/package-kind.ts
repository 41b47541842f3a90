import { refuseFile } from './sheet-file-refusal.ts';
import { readXmlEntry } from './xml-stream.ts';
import type { ZipEntry } from './zip-directory.ts';
import { entryChunks } from './zip-entry.ts';

// Which kind of ZIP an upload is, from its parts and their declared types in `[Content_Types].xml`: an
// OpenDocument file says so in its `mimetype` entry; a workbook with macros (.xlsm, .xltm) by its main
// part's type or a VBA part; anything without a spreadsheet main part (a .docx, a plain ZIP) is no workbook.
// Answers the workbook part's name ("xl/workbook.xml").

const workbookTypes = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
]);
const macroWorkbookTypes = new Set([
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.template.macroEnabled.main+xml',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
]);

export async function workbookPartOf(bytes: Uint8Array, entries: readonly ZipEntry[]): Promise<string> {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const mimetype = byName.get('mimetype');
  if (mimetype && mimetype.size < 200 && (await smallEntryText(bytes, mimetype)).startsWith('application/vnd.oasis.opendocument')) refuseFile('ods');
  const contentTypes = byName.get('[Content_Types].xml');
  if (!contentTypes) refuseFile('notWorkbook');

  let workbook: string | undefined;
  let macros = entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name));
  await readXmlEntry(bytes, contentTypes, {
    open(name, attributes) {
      const type = attributes.ContentType ?? '';
      if (/vbaProject/i.test(type) || macroWorkbookTypes.has(type)) macros = true;
      if (name === 'Override' && workbookTypes.has(type) && attributes.PartName) workbook ??= attributes.PartName.replace(/^\//, '');
    },
  });
  if (macros) refuseFile('xlsm');
  if (!workbook || !byName.has(workbook)) refuseFile('notWorkbook');
  return workbook;
}

async function smallEntryText(bytes: Uint8Array, entry: ZipEntry): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of entryChunks(bytes, entry)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8').trim();
}
