import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { databaseEngineOf } from '../config.ts';

// A consistent copy of the shop's database while the shop runs: SQLite's online backup (pages copied in
// steps, writers go on between them, the copy is the database as of its end), or pg_dump's custom format
// (one snapshot), which pg_restore reads (docs/operations.md, "Backup and restore").

export async function backUpDatabase(url: string, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  if (databaseEngineOf(url) === 'sqlite') {
    const source = new DatabaseSync(url, { readOnly: true });
    try {
      await backup(source, target);
    } finally {
      source.close();
    }
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const dump = spawn('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${url}`], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    dump.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    dump.once('error', reject);
    dump.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited with ${code}: ${errors.trim()}`))));
  });
}
