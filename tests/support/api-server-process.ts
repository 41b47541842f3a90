import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testDataRoot } from '../setup/test-database.ts';

// Starts the shop's API as a process of its own (api-server-cli.ts) on a test database, for the tests that
// kill it (tests/api/order-crash.test.ts, tests/api/erp-job-crash.test.ts); answers it with its port.

const root = path.resolve(import.meta.dirname, '../..');

export function startApiServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [path.join(root, 'tests/support/api-server-cli.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', MEDIA_DIR: path.join(testDataRoot, 'media'), SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ process: child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}
