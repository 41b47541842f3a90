import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/cluster/instances.ts';

// A PostgreSQL server of a test's own, in a temporary folder on a free port, which the test may stop and
// start again (a restart under load) without disturbing the machine's server that the other tests share.
// Tests run as root; PostgreSQL refuses to, so its programs run as the OS user postgres, who owns the folder.

const binDir = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

export interface PrivatePostgres {
  port: number;
  /** A connection URL for one of its databases (trust authentication, user postgres). */
  urlFor(database: string): string;
  /** Stops it the way an operator restarting it does (`pg_ctl stop -m fast`: open connections are ended). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it at once if it runs, and deletes its folder. */
  remove(): Promise<void>;
}


function asPostgres(program: string, args: string[]) {
  return run('runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args], { timeout: 60_000 });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-postgres-'));
  const dataDir = path.join(dir, 'data');
  const { stdout } = await run('id', ['-u', 'postgres']);
  const uid = Number(stdout.trim());
  fs.chownSync(dir, uid, fs.statSync(dir).gid);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  let running = false;

  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Durability is not what these tests look at: without fsync the server starts and stops in a moment.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const postgres: PrivatePostgres = {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', serverOptions, '-w', 'start']);
      running = true;
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async remove() {
      if (running) await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await postgres.start();
  } catch (error) {
    await postgres.remove();
    throw error;
  }
  return postgres;
}
