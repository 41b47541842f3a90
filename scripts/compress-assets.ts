import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// After `react-router build`: writes a Brotli (.br) and a gzip (.gz) copy next to every compressible
// file of build/client, at the highest levels, once per build. The server sends the copy the browser
// accepts (@fastify/static `preCompressed`), so no request pays for compression.

const clientDir = path.resolve(import.meta.dirname, '../build/client');
const compressible = new Set(['.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
// Below this size the headers of a compressed answer outweigh the saving.
const minBytes = 512;

let files = 0;
let rawBytes = 0;
let gzipBytes = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < minBytes) continue;
  const gzip = gzipSync(content, { level: 9 });
  fs.writeFileSync(`${file}.gz`, gzip);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  files += 1;
  rawBytes += content.length;
  gzipBytes += gzip.length;
}
console.log(`Compressed ${files} files of build/client: ${(rawBytes / 1024).toFixed(0)} KB, ${(gzipBytes / 1024).toFixed(0)} KB as gzip.`);
