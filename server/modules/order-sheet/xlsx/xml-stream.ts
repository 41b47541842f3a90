import { SaxesParser } from 'saxes';
import { refuseFile, SheetFileRefused } from './sheet-file-refusal.ts';
import type { ZipEntry } from './zip-directory.ts';
import { entryChunks } from './zip-entry.ts';

// A workbook part parsed as a stream of tags (saxes: no DTD processing, no external entities). A DOCTYPE
// or ENTITY declaration has no place in a workbook and is how "billion laughs" and XXE attacks begin: such
// a part refuses the file before the parser sees it. Tag and attribute names are given without their
// namespace prefix, so Strict OOXML (other namespaces, same names) is read like the transitional form.

export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>, selfClosing: boolean): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Thrown by a handler that has read all it needs: the rest of the part is not parsed. */
export class StopReading extends Error {}

const declaration = /<!(DOCTYPE|ENTITY)/i;

export async function readXmlEntry(bytes: Uint8Array, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('doctype', () => refuseFile('xmlDeclarations'));
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), localAttributes(tag.attributes as Record<string, string>), tag.isSelfClosing));
  }
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  const decoder = new TextDecoder('utf-8');
  // The last characters of the previous chunk: a declaration may be cut in two by a chunk's end.
  let tail = '';
  try {
    for await (const chunk of entryChunks(bytes, entry)) {
      const text = decoder.decode(chunk, { stream: true });
      if (declaration.test(tail + text)) refuseFile('xmlDeclarations');
      tail = text.slice(-16);
      parser.write(text);
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof StopReading) return;
    if (error instanceof SheetFileRefused) throw error;
    refuseFile('corrupt');
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function localAttributes(attributes: Record<string, string>): Record<string, string> {
  const local: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) local[localName(name)] = value;
  return local;
}
