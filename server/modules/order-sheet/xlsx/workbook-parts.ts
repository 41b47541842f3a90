import { posix } from 'node:path';
import { refuseFile } from './sheet-file-refusal.ts';
import { readXmlEntry } from './xml-stream.ts';
import type { ZipEntry } from './zip-directory.ts';

// The parts of a workbook an order sheet needs besides the worksheet itself: the sheets in their order with
// whether they are hidden, where each lives, the shared strings, and which cell styles show a date or a
// number in scientific notation (a sku column Excel turned into 01.05.2024 or 1E+05).

export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  /** Hidden so that Excel's "Unhide" does not offer it: where a personalised sheet keeps its keys. */
  veryHidden: boolean;
  part: string | undefined;
}

export interface WorkbookParts {
  sheets: WorkbookSheet[];
  sharedStrings: string[];
  /** By cell style index (a cell's `s`): how its number is shown. */
  numberShapes: NumberShape[];
}

export type NumberShape = 'plain' | 'date' | 'scientific';

type Entries = ReadonlyMap<string, ZipEntry>;

export async function readWorkbookParts(bytes: Uint8Array, entries: Entries, workbookPart: string): Promise<WorkbookParts> {
  const sheets: (Omit<WorkbookSheet, 'part'> & { relationId: string })[] = [];
  await readXmlEntry(bytes, entries.get(workbookPart)!, {
    open(name, attributes) {
      if (name !== 'sheet') return;
      const state = attributes.state ?? 'visible';
      sheets.push({ name: attributes.name ?? '', hidden: state !== 'visible', veryHidden: state === 'veryHidden', relationId: attributes.id ?? '' });
    },
  });
  const relations = await readRelations(bytes, entries, workbookPart);
  const partOfType = (type: string) => [...relations.values()].find((relation) => relation.type === type)?.target;
  const sharedStringsPart = partOfType('sharedStrings');
  const stylesPart = partOfType('styles');
  return {
    sheets: sheets.map(({ relationId, ...sheet }) => {
      const relation = relations.get(relationId);
      return { ...sheet, part: relation?.type === 'worksheet' ? relation.target : undefined };
    }),
    sharedStrings: sharedStringsPart && entries.has(sharedStringsPart) ? await readSharedStrings(bytes, entries.get(sharedStringsPart)!) : [],
    numberShapes: stylesPart && entries.has(stylesPart) ? await readNumberShapes(bytes, entries.get(stylesPart)!) : [],
  };
}

/** The workbook's relationships by id: their type's last word ("worksheet", "styles" …) and the part they name. */
async function readRelations(bytes: Uint8Array, entries: Entries, workbookPart: string): Promise<Map<string, { type: string; target: string }>> {
  const folder = posix.dirname(workbookPart);
  const relationsEntry = entries.get(posix.join(folder, '_rels', `${posix.basename(workbookPart)}.rels`));
  if (!relationsEntry) refuseFile('corrupt');
  const relations = new Map<string, { type: string; target: string }>();
  await readXmlEntry(bytes, relationsEntry, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Id || !attributes.Target || attributes.TargetMode === 'External') return;
      const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : posix.normalize(posix.join(folder, attributes.Target));
      relations.set(attributes.Id, { type: (attributes.Type ?? '').split('/').pop()!, target });
    },
  });
  return relations;
}

/**
 * How much of a shared string is kept: more than any cell the reader uses can hold (an article number has
 * at most 100 characters; headers, season names and quantities are shorter). A sheet's other columns may
 * hold long texts (descriptions, notes: megabytes in all) that the reader never looks at.
 */
const longestTextKept = 256;

/** Each shared string's text (its first `longestTextKept` characters): its runs joined, its phonetic guide (`rPh`) left out. */
async function readSharedStrings(bytes: Uint8Array, entry: ZipEntry): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await readXmlEntry(bytes, entry, {
    open(name, _attributes, selfClosing) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += selfClosing ? 0 : 1;
      else if (name === 't' && !selfClosing) inText = true;
      if (name === 'si' && selfClosing) strings.push('');
    },
    text(text) {
      // A copy of the part kept, never a slice: a slice would keep the XML parser's whole chunk alive.
      if (inText && phonetic === 0 && current.length < longestTextKept) current += Buffer.from(text.slice(0, longestTextKept - current.length)).toString();
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

// Excel's built-in number formats that show a date or a time, and those in scientific notation.
const builtInDateFormats = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const builtInScientificFormats = new Set([11, 48]);

async function readNumberShapes(bytes: Uint8Array, entry: ZipEntry): Promise<NumberShape[]> {
  const customFormats = new Map<number, NumberShape>();
  const shapes: NumberShape[] = [];
  let inCellFormats = false;
  await readXmlEntry(bytes, entry, {
    open(name, attributes) {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), shapeOfFormatCode(attributes.formatCode ?? ''));
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) {
        const id = Number(attributes.numFmtId ?? 0);
        shapes.push(customFormats.get(id) ?? (builtInDateFormats.has(id) ? 'date' : builtInScientificFormats.has(id) ? 'scientific' : 'plain'));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  return shapes;
}

/** A format code's shape: its quoted text, escaped characters and [colour]/[condition] sections left out. */
export function shapeOfFormatCode(code: string): NumberShape {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .split(';')[0]!;
  if (/E[+-]/i.test(bare)) return 'scientific';
  if (/[dmyhs]|\[[hms]+\]/i.test(bare.replace(/General|Standard/gi, ''))) return 'date';
  return 'plain';
}
