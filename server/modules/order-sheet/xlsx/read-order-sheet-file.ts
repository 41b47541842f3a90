import { orderSheetMaxFileBytes } from '../../../../core/order-sheet-limits.ts';
import { fileKindOf } from './file-kind.ts';
import type { SheetFileOptions, SheetFileReading } from './read-workbook.ts';
import { SheetFileRefused, sheetFileRefusal } from './sheet-file-refusal.ts';
import type { SheetFileReader } from './sheet-reader-pool.ts';
import { readZipDirectory } from './zip-directory.ts';

// An uploaded order-sheet file read into rows, or refused with its message (docs/product.md, Order sheets:
// files). What costs nothing is judged here, on the request thread, before a thread is asked: the size, the
// kind of file from its first bytes, and the ZIP's directory (a zip bomb is refused from it in well under
// a millisecond). Unpacking and parsing happen on the reader’s thread, which takes the bytes (sheet-reader-pool.ts).

export async function readOrderSheetFile(reader: SheetFileReader, bytes: Uint8Array, options: SheetFileOptions): Promise<SheetFileReading> {
  if (bytes.byteLength > orderSheetMaxFileBytes) return { refusal: sheetFileRefusal('tooLarge', { maxMb: orderSheetMaxFileBytes / 1024 / 1024 }) };
  const kind = fileKindOf(bytes);
  if (kind.kind === 'refused') return { refusal: kind.refusal };
  try {
    readZipDirectory(bytes);
  } catch (error) {
    if (error instanceof SheetFileRefused) return { refusal: error.refusal };
    throw error;
  }
  return reader.read(bytes, options);
}
