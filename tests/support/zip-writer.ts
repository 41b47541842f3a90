import { crc32, deflateRawSync } from 'node:zlib';

// A ZIP written the plain way (deflated entries, no data descriptors, no ZIP64): the hostile workbooks of
// the order-sheet fixtures (a zip bomb, billion laughs, Strict OOXML), the benchmark's zip bomb and the
// reader's tests build their files with it, so they are all packed alike.

export interface ZipPart {
  name: string;
  data: Buffer;
}

export interface ZipOptions {
  /** The size the headers state for an entry (default: its real size); a lie makes a broken file. */
  statedSize?: (name: string, size: number) => number;
}

/** A ZIP of `parts`, each deflated at the highest level. */
export function zip(parts: readonly ZipPart[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data, { level: 9 });
    const sum = crc32(part.data);
    const size = options.statedSize ? options.statedSize(part.name, part.data.length) : part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(sum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(sum, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
