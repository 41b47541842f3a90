import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testDataRoot } from '../setup/test-database.ts';

// The shop's API as real processes of their own on a test database (tests/support/api-server-cli.ts), for
// tests that kill one or run several side by side, and what they send them over HTTP.

const root = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  process: ChildProcess;
  port: number;
}

/** Starts an app process on the (migrated, seeded) database, with settings of its own; resolves once it takes requests. */
export function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const child = spawn(process.execPath, [path.join(root, 'tests/support/api-server-cli.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', MEDIA_DIR: path.join(testDataRoot, 'media'), SEED_DEMO: 'false', PORT: '0', ...env },
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

/** Kills the process and waits until it is gone, so its database connections are closed too. */
export async function stopAppProcess(app: AppProcess | undefined): Promise<void> {
  if (!app || app.process.exitCode !== null || app.process.signalCode !== null) return;
  const exited = new Promise((resolve) => app.process.once('exit', resolve));
  app.process.kill('SIGKILL');
  await exited;
}

/** POST /api/order/create for the buyer's order cart, paid on account, under the idempotency key. */
export function orderAt(port: number, token: string, key: string, addressId: number): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/order/create`, {
    method: 'POST',
    headers: { authorization: `Basic ${token}`, 'idempotency-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true }),
  });
}
