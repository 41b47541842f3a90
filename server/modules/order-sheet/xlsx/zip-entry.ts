import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { refuseFile } from './sheet-file-refusal.ts';
import type { ZipEntry } from './zip-directory.ts';

// One ZIP entry unpacked as a stream of chunks, never whole: an entry that unpacks to more than its
// directory stated, or whose checksum does not match, is a broken (or lying) file.

const localHeaderSignature = 0x04034b50;
const chunkBytes = 64 * 1024;

export async function* entryChunks(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== localHeaderSignature) refuseFile('corrupt');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.byteLength) refuseFile('corrupt');
  const packed = bytes.subarray(start, end);

  let unpacked = 0;
  let checksum = 0;
  const source = entry.method === 8 ? Readable.from(slices(packed), { objectMode: false }).pipe(createInflateRaw()) : Readable.from(slices(packed));
  try {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      unpacked += chunk.byteLength;
      if (unpacked > entry.size) refuseFile('corrupt');
      checksum = crc32(chunk, checksum);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'SheetFileRefused') throw error;
    refuseFile('corrupt');
  } finally {
    source.destroy();
  }
  if (unpacked !== entry.size || checksum !== entry.crc32) refuseFile('corrupt');
}

function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
}
