import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { AppError } from '../../errors.ts';
import { fileTypeOf, type StoredFileType } from './file-type.ts';

// The file store of product documents and downloads (ADR 0030): every file lives once under its SHA-256
// (<dir>/<first two hex digits>/<sha256>), whatever rows name it. A file is written to a temporary name
// in the same folder while it is hashed and counted, and renamed into place when it is whole: a reader
// never sees half a file, and two instances storing the same bytes at once write the same content.

export interface StoredFile {
  sha256: string;
  bytes: number;
  type: StoredFileType;
}

export interface FileStore {
  /**
   * Stores the stream's bytes when they are at most `maxBytes` and of an accepted type (judged from the
   * bytes, never from a name or header): 413 'erp.file.too_large' or 400 'erp.file.type' otherwise,
   * and nothing is kept.
   */
  put(body: Readable, options: { maxBytes: number; accepts: readonly StoredFileType['contentType'][] }): Promise<StoredFile>;
  /** The path of a stored file (its name checked: only a SHA-256 in hex names one). */
  pathOf(sha256: string): string;
  /** Removes a stored file that no row names any more (missing: nothing to do). */
  remove(sha256: string): Promise<void>;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const sha256Pattern = /^[0-9a-f]{64}$/;
/** Enough of the start of a file to tell its type. */
const headBytes = 16;

export function createFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const pathOf = (sha256: string) => {
    if (!sha256Pattern.test(sha256)) throw new Error('not a stored file name');
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  return {
    pathOf,

    async put(body, options) {
      const staging = path.join(root, 'incoming');
      await fs.promises.mkdir(staging, { recursive: true });
      const temporary = path.join(staging, randomUUID());
      const hash = createHash('sha256');
      let bytes = 0;
      let head = Buffer.alloc(0);
      let tooLarge = false;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > options.maxBytes) {
            tooLarge = true;
            done(new AppError('payload_too_large', 'erp.file.too_large', { params: { max: megabytes(options.maxBytes) } }));
            return;
          }
          if (head.length < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, fs.createWriteStream(temporary, { flags: 'wx' }));
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        // pipeline destroyed the request with the error: the route answers 413 and closes the connection.
        if (tooLarge) throw new AppError('payload_too_large', 'erp.file.too_large', { params: { max: megabytes(options.maxBytes) } });
        throw error;
      }
      const type = fileTypeOf(head);
      if (bytes === 0 || !type || !options.accepts.includes(type.contentType)) {
        await fs.promises.rm(temporary, { force: true });
        throw new AppError('validation', bytes === 0 ? 'erp.file.required' : 'erp.file.type');
      }
      const sha256 = hash.digest('hex');
      const target = pathOf(sha256);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temporary, target);
      return { sha256, bytes, type };
    },

    async remove(sha256) {
      await fs.promises.rm(pathOf(sha256), { force: true });
    },
  };
}
