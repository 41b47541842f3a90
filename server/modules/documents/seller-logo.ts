import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

// The seller's logo on a document: only a file of the shop's own media folder (a logo URL under
// /media/), only PNG or JPEG (what a PDF embeds as it is), at most 1 MB. Anything else, a remote URL
// included, prints no logo: a document never waits for another server, and a request never makes the
// shop read outside its media folder.

const mediaPrefix = '/media/';
const maxBytes = 1024 * 1024;

function isPngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/** The file under mediaDir a logo URL names, or null when it names none (or a path outside the folder). */
export function logoPath(mediaDir: string, logoUrl: string | null | undefined): string | null {
  if (!logoUrl?.startsWith(mediaPrefix) || /[?#\\]/.test(logoUrl)) return null;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, `.${logoUrl.slice(mediaPrefix.length - 1)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

export async function loadLogo(mediaDir: string, logoUrl: string | null | undefined): Promise<Buffer | null> {
  const file = logoPath(mediaDir, logoUrl);
  if (!file) return null;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > maxBytes) return null;
    const bytes = await readFile(file);
    return isPngOrJpeg(bytes) ? bytes : null;
  } catch {
    return null;
  }
}
