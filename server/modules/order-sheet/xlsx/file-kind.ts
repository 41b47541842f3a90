import { compoundFileEntryNames, compoundFileSignature } from './compound-file.ts';
import { sheetFileRefusal, type SheetFileRefusal } from './sheet-file-refusal.ts';

// What an uploaded file is, judged from its first bytes, never from its name or the browser's MIME type:
// a ZIP goes on to be read as a workbook (package-kind.ts); everything else is refused with a message
// saying what it looks like (docs/product.md, Order sheets: files).

export type FileKind = { kind: 'zip' } | { kind: 'refused'; refusal: SheetFileRefusal };

const zipSignature = [0x50, 0x4b, 0x03, 0x04];
const emptyZipSignature = [0x50, 0x4b, 0x05, 0x06];

export function fileKindOf(bytes: Uint8Array): FileKind {
  if (bytes.byteLength === 0) return refused('empty');
  if (startsWith(bytes, zipSignature) || startsWith(bytes, emptyZipSignature)) return { kind: 'zip' };
  if (startsWith(bytes, compoundFileSignature)) {
    // A password-protected .xlsx is a compound file too: its package is encrypted inside it.
    return refused(compoundFileEntryNames(bytes).includes('EncryptionInfo') ? 'encrypted' : 'xls');
  }
  const start = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (start.startsWith('<')) return refused('html');
  return refused(looksLikeText(bytes) ? 'text' : 'notWorkbook');
}

/** No control bytes other than tab, line feed, carriage return and form feed in the first kilobytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  return !sample.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function refused(key: Parameters<typeof sheetFileRefusal>[0]): FileKind {
  return { kind: 'refused', refusal: sheetFileRefusal(key) };
}
