import { refuseFile } from './sheet-file-refusal.ts';

// The ZIP's central directory, read and judged before a byte is unpacked: a zip bomb (a small file that
// unpacks to gigabytes) is refused from the sizes the directory states, in well under a millisecond. The
// sizes are trusted only as an upper bound: unpacking stops at the stated size (zip-entry.ts).

export const zipLimits = {
  /** An order sheet has a dozen parts; a workbook of many sheets and images a few hundred. */
  maxEntries: 1_000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  /** Entries larger than this must not be packed tighter than `maxRatio` (XML packs 5–30:1). */
  ratioFromBytes: 1024 * 1024,
  maxRatio: 100,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const endOfDirectorySignature = 0x06054b50;
const directoryEntrySignature = 0x02014b50;
const endOfDirectoryLength = 22;

/** The entries of the ZIP in `bytes`, or a refusal (thrown) when the directory is broken or promises too much. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) refuseFile('corrupt');
  const entryCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 (the sizes do not fit the directory): no workbook of 10 MB needs it.
  if (entryCount === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) refuseFile('corrupt');
  if (entryCount > zipLimits.maxEntries) refuseFile('tooManyEntries', { max: zipLimits.maxEntries });
  if (directoryOffset + directorySize > end) refuseFile('corrupt');

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== directoryEntrySignature) refuseFile('corrupt');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > end) refuseFile('corrupt');
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Bit 0: the entry itself is encrypted (a password-protected ZIP, not an Office workbook).
    if (flags & 1) refuseFile('encrypted');
    if (method !== 0 && method !== 8) refuseFile('corrupt');
    if (compressedSize === 0xffffffff || size === 0xffffffff || localHeaderOffset >= directoryOffset) refuseFile('corrupt');
    if (size > zipLimits.maxEntryBytes) refuseFile('tooBigUnpacked', { maxMb: zipLimits.maxEntryBytes / 1024 / 1024 });
    total += size;
    if (total > zipLimits.maxTotalBytes) refuseFile('tooBigUnpacked', { maxMb: zipLimits.maxTotalBytes / 1024 / 1024 });
    if (size > zipLimits.ratioFromBytes && size / Math.max(compressedSize, 1) > zipLimits.maxRatio) {
      refuseFile('tooBigUnpacked', { maxMb: zipLimits.maxTotalBytes / 1024 / 1024 });
    }
    if (method === 0 && compressedSize !== size) refuseFile('corrupt');
    entries.push({ name, method, crc32: view.getUint32(at + 16, true), compressedSize, size, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The offset of the end-of-directory record: the last 22 bytes, or earlier by the length of a comment. */
function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - endOfDirectoryLength - 0xffff);
  for (let at = view.byteLength - endOfDirectoryLength; at >= lowest; at--) {
    if (view.getUint32(at, true) === endOfDirectorySignature && at + endOfDirectoryLength + view.getUint16(at + 20, true) === view.byteLength) {
      return at;
    }
  }
  return -1;
}
