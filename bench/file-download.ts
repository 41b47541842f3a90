import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs, promisify } from 'node:util';
import type { DownloadAccess } from '../core/product-files.ts';
import { maxProductFileBytes } from '../core/product-files.ts';
import type { DatabaseEngine } from '../server/config.ts';
import { demoAccounts } from '../server/db/seed/index.ts';
import { createFileStore } from '../server/modules/product-files/file-store.ts';
import { downloadTypes } from '../server/modules/product-files/file-type.ts';
import { createSession, startServers } from './bench-harness.ts';
import { benchDataDir, openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:download [-- --engine postgres] [--megabytes 50] [--repeat 5] [--parallel 4]`: a downloadable
// product's file as a buyer downloads it (docs/product.md, Product documents and downloads), against the
// production server on the catalogue database of bench/catalog-bench-db.ts (100,000 products):
//   - the demo customer's company bought the demo's downloadable product; the bench adds a file of
//     `--megabytes` MB (random bytes behind a PDF's signature) to it once, and a 5 MB one to compare;
//   - the disk: reading the stored file with a file stream, `--repeat` times (the page cache warm, as for
//     the downloads after it), in MB/s;
//   - one download through GET /api/account/downloads' signed link, `--repeat` times, in MB/s, each the whole
//     answer read by the client; then `--parallel` downloads at once;
//   - the shop's resident memory (VmRSS, Linux) sampled every 20 ms while it sends: the most it rose above
//     what it held before, for the 5 MB and the large file. Constant memory: the rise does not grow with
//     the file's size.

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    megabytes: { type: 'string', default: '50' },
    repeat: { type: 'string', default: '5' },
    parallel: { type: 'string', default: '4' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const repeat = Number(values.repeat);
const parallel = Number(values.parallel);
const sizes = { small: 5, large: Number(values.megabytes) };
const shopPort = 3350;
const filesDir = path.join(benchDataDir, 'files');
const customer = demoAccounts.find((account) => account.username === 'customer')!;

const run = promisify(execFile);
const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);

const mbps = (bytes: number, ms: number) => Math.round(bytes / 1024 / 1024 / (ms / 1000));
const median = (list: readonly number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** A file of `megabytes` MB the type check takes for a PDF, stored once (the same bytes: the same name). */
async function benchFile(megabytes: number): Promise<{ sha256: string; bytes: number }> {
  const size = megabytes * 1024 * 1024;
  const marker = path.join(benchDataDir, `download-${megabytes}mb.sha256`);
  if (fs.existsSync(marker)) {
    const sha256 = fs.readFileSync(marker, 'utf8').trim();
    if (fs.existsSync(createFileStore(filesDir).pathOf(sha256))) return { sha256, bytes: size };
  }
  const chunks = function* () {
    yield Buffer.from('%PDF-1.7\n');
    for (let left = size - 9; left > 0; left -= 1024 * 1024) yield randomBytes(Math.min(left, 1024 * 1024));
  };
  const stored = await createFileStore(filesDir).put(Readable.from(chunks()), { maxBytes: maxProductFileBytes, accepts: downloadTypes });
  fs.writeFileSync(marker, stored.sha256);
  return { sha256: stored.sha256, bytes: stored.bytes };
}

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
const user = await db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).where('username', '=', customer.username).executeTakeFirstOrThrow();
const product = await db.selectFrom('product_files').select('product_id').where('tenant_id', '=', tenant.id).where('purpose', '=', 'download').where('external_id', 'like', 'DL-%').executeTakeFirstOrThrow();
const files: Record<keyof typeof sizes, { sha256: string; bytes: number; externalId: string }> = {
  small: { ...(await benchFile(sizes.small)), externalId: `BENCH-DL-${sizes.small}MB` },
  large: { ...(await benchFile(sizes.large)), externalId: `BENCH-DL-${sizes.large}MB` },
};
for (const [kind, file] of Object.entries(files)) {
  const now = new Date().toISOString();
  await db.deleteFrom('product_files').where('tenant_id', '=', tenant.id).where('purpose', '=', 'download').where('external_id', '=', file.externalId).execute();
  await db
    .insertInto('product_files')
    .values({ tenant_id: tenant.id, product_id: product.product_id, purpose: 'download', external_id: file.externalId, language: null, title: `Bench ${kind}`, version: '1', file_name: `bench-${kind}.pdf`, content_type: 'application/pdf', bytes: file.bytes, sha256: file.sha256, file_version: '1', file_at: now, created_at: now, updated_at: now })
    .execute();
}
const token = await createSession(db, tenant.id, user.id);
await handle.close();

/** The shop's resident memory in MB (Linux), undefined elsewhere. */
function residentMb(pid: number | undefined): number | undefined {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a response's body to its end; answers the bytes. */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

const servers = await startServers({ engine, products, shopPort, helloPort: 3351 });
try {
  const headers = { authorization: `Basic ${token}` };
  const links = async () => {
    const answer = await fetch(`${servers.base}/api/account/downloads`, { headers });
    if (!answer.ok) throw new Error(`GET /api/account/downloads: ${answer.status} ${await answer.text()}`);
    const list = ((await answer.json()) as { data: DownloadAccess[] }).data;
    const linkOf = (bytes: number) => list.find((entry) => entry.bytes === bytes)?.url ?? (() => { throw new Error(`no download of ${bytes} bytes in the list`); })();
    return { small: linkOf(files.small.bytes), large: linkOf(files.large.bytes) };
  };

  const diskReads: number[] = [];
  for (let pass = 0; pass < repeat; pass++) {
    const started = performance.now();
    let bytes = 0;
    for await (const chunk of fs.createReadStream(createFileStore(filesDir).pathOf(files.large.sha256))) bytes += (chunk as Buffer).length;
    diskReads.push(mbps(bytes, performance.now() - started));
  }

  // curl reads the answer natively, as a browser or download manager does; without it, fetch in this process
  // (which spends the machine's CPU on the client too, and measures lower).
  const download = async (link: string): Promise<number> => {
    if (!hasCurl) {
      const response = await fetch(`${servers.base}${link}`, { headers });
      if (response.status !== 200) throw new Error(`${link}: ${response.status}`);
      return drain(response);
    }
    const { stdout } = await run('curl', ['-s', '-o', '/dev/null', '-H', `authorization: ${headers.authorization}`, '-w', '%{http_code} %{size_download}', `${servers.base}${link}`]);
    const [status, bytes] = stdout.split(' ');
    if (status !== '200') throw new Error(`${link}: ${status}`);
    return Number(bytes);
  };
  /** Runs `work` while sampling the shop's memory: the most it rose above the start, in MB. */
  const withMemory = async <T>(work: () => Promise<T>): Promise<{ result: T; rise: number | undefined }> => {
    const before = residentMb(servers.shop.pid);
    let most = before;
    const sampler = setInterval(() => {
      const now = residentMb(servers.shop.pid);
      if (now !== undefined && (most === undefined || now > most)) most = now;
    }, 20);
    try {
      const result = await work();
      return { result, rise: before === undefined || most === undefined ? undefined : most - before };
    } finally {
      clearInterval(sampler);
    }
  };

  let link = await links();
  await download(link.large); // warms the route and the page cache
  const single: number[] = [];
  const rises: Record<'small' | 'large', number[]> = { small: [], large: [] };
  for (let pass = 0; pass < repeat; pass++) {
    link = await links();
    const small = await withMemory(() => download(link.small));
    rises.small.push(small.rise ?? Number.NaN);
    const started = performance.now();
    const large = await withMemory(() => download(link.large));
    single.push(mbps(large.result, performance.now() - started));
    rises.large.push(large.rise ?? Number.NaN);
  }
  link = await links();
  const started = performance.now();
  const together = await withMemory(() => Promise.all(Array.from({ length: parallel }, () => download(link.large))));
  const parallelMbps = mbps(together.result.reduce((sum, bytes) => sum + bytes, 0), performance.now() - started);

  console.log(`${engine}, a ${sizes.large} MB file, ${repeat} passes (medians):`);
  console.log(`  disk (file stream, page cache warm)      ${median(diskReads)} MB/s   (${diskReads.join(', ')})`);
  console.log(`  one download through the signed link    ${median(single)} MB/s   (${single.join(', ')}; client: ${hasCurl ? 'curl' : 'fetch'})`);
  console.log(`  ${parallel} downloads at once                   ${parallelMbps} MB/s in all`);
  console.log(`  shop memory rise while sending: ${sizes.small} MB file ${median(rises.small)} MB, ${sizes.large} MB file ${median(rises.large)} MB, ${parallel} × ${sizes.large} MB at once ${together.rise} MB`);
} finally {
  await servers.stop();
}
