import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureHaproxy, startHaproxy, type RunningHaproxy } from '../../scripts/cluster/haproxy.ts';
import { freePort, startInstance, stopInstance, type InstanceSpec, type RunningInstance } from '../../scripts/cluster/instances.ts';
import { testDataRoot } from '../setup/test-database.ts';

// The shop's API on several processes of its own (tests/support/api-server-cli.ts) on one database, behind
// HAProxy configured as `npm run cluster` configures it: the topology the acceptance suite and the fault
// tests run against. An instance can be killed and started again on its port.

const root = path.resolve(import.meta.dirname, '../..');

export interface LoadBalancedShop {
  /** The proxy's base URL, e.g. http://127.0.0.1:40123. */
  url: string;
  proxyPort: number;
  /** The running instances by name (app1, app2, …); a killed one is missing until it is started again. */
  instances: Map<string, RunningInstance>;
  names: string[];
  /** Kills the instance with the signal and waits until it is gone. */
  stopInstance(name: string, signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the instance again on its port; resolves once it is ready. */
  startInstance(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface LoadBalancedShopOptions {
  instances?: number;
  /** Settings of every instance, over the tests' defaults. */
  env?: Record<string, string>;
}

export async function startLoadBalancedShop(databaseUrl: string, options: LoadBalancedShopOptions = {}): Promise<LoadBalancedShop> {
  ensureHaproxy();
  const count = options.instances ?? 3;
  const specs = new Map<string, InstanceSpec>();
  for (let index = 1; index <= count; index++) {
    const name = `app${index}`;
    specs.set(name, {
      name,
      port: await freePort(),
      entry: path.join(root, 'tests/support/api-server-cli.ts'),
      cwd: root,
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        MEDIA_DIR: path.join(testDataRoot, 'media'),
        FILES_DIR: path.join(testDataRoot, 'files'),
        SEED_DEMO: 'false',
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      },
      onLine: (line) => {
        if (!line.startsWith('listening')) process.stderr.write(`[${name}] ${line}\n`);
      },
    });
  }
  const instances = new Map<string, RunningInstance>();
  await Promise.all([...specs.values()].map(async (spec) => instances.set(spec.name, await startInstance(spec))));
  const proxyPort = await freePort();
  let proxy: RunningHaproxy;
  try {
    proxy = await startHaproxy(
      { port: proxyPort, backends: [...specs.values()].map(({ name, port }) => ({ name, port })) },
      path.join(testDataRoot, `haproxy-${randomBytes(4).toString('hex')}`),
    );
  } catch (error) {
    await Promise.all([...instances.values()].map((instance) => stopInstance(instance, 'SIGKILL')));
    throw error;
  }
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    proxyPort,
    instances,
    names: [...specs.keys()],
    async stopInstance(name, signal = 'SIGTERM') {
      const instance = instances.get(name);
      if (!instance) return null;
      instances.delete(name);
      return stopInstance(instance, signal);
    },
    async startInstance(name) {
      instances.set(name, await startInstance(specs.get(name)!));
    },
    async close() {
      await Promise.all([...instances.values()].map((instance) => stopInstance(instance, 'SIGKILL')));
      await proxy.stop();
    },
  };
}

export interface HttpAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request over HTTP with keep-alive (the Host header as given: tenants are told apart by it). */
export function requestOverHttp(url: string, method: string, headers: http.OutgoingHttpHeaders, body?: Buffer): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, ...(body ? { 'content-length': body.length } : {}) }, agent: keepAlive }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, rawPayload: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
