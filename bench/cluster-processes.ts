import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startHaproxy, type RunningHaproxy } from '../scripts/cluster/haproxy.ts';
import { freePort, startInstance, stopInstance, type RunningInstance } from '../scripts/cluster/instances.ts';
import { cpuMs, waitUntilServing } from './bench-harness.ts';
import { benchDataDir } from './catalog-bench-db.ts';

// The processes of bench/cluster.ts, started the way `npm run cluster` starts them (scripts/cluster/):
// instances of the production server on one database, each on a free port, and HAProxy processes in front
// of the first n of them; and the Fastify hello route. Every one of them ends with the bench, also when
// it fails or is stopped with Ctrl-C: a shop left listening would answer the next bench from this one's database.

const root = path.resolve(import.meta.dirname, '..');

export function createClusterProcesses(shopEnv: Record<string, string>) {
  const children = new Set<ChildProcess>();
  const instances: RunningInstance[] = [];
  const proxies: RunningHaproxy[] = [];
  let stopping = false;
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // Ctrl-C or kill ends the bench through 'exit' too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

  return {
    /** Starts the Fastify hello route; answers its URL. */
    async startHello(): Promise<string> {
      const port = await freePort();
      const hello = spawn(process.execPath, ['bench/hello-server.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
      children.add(hello);
      const url = `http://127.0.0.1:${port}/hello`;
      await waitUntilServing(url);
      return url;
    },

    /** Starts instances until `count` run (one at a time: the first migrates); answers the ports of all of them. */
    async startInstances(count: number): Promise<number[]> {
      while (instances.length < count) {
        const name = `app${instances.length + 1}`;
        const instance = await startInstance({
          name,
          port: await freePort(),
          entry: path.join(root, 'server/index.ts'),
          cwd: root,
          env: {
            ...shopEnv,
            MAIL_OUTBOX_DIR: path.join(benchDataDir, 'cluster', 'outbox'),
            // Behind the proxy on this machine, as `npm run cluster` runs them.
            TRUST_PROXY: '127.0.0.1',
            // Nothing balances away from an instance the bench stops: it need not wait before closing.
            SHUTDOWN_DRAIN_MS: '0',
          },
          onLine: (line) => console.error(`[${name}] ${line}`),
        });
        children.add(instance.process);
        instances.push(instance);
        // An instance that ends in the middle of a run would show up as failed requests only.
        void instance.exited.then((code) => {
          if (!stopping) console.error(`${name} ended during the run (exit code ${code}, signal ${instance.process.signalCode})`);
        });
      }
      return instances.map((instance) => instance.spec.port);
    },

    /** Starts HAProxy in front of the first `count` instances; answers its port. */
    async startProxy(count: number): Promise<number> {
      const port = await freePort();
      const backends = instances.slice(0, count).map(({ spec }) => ({ name: spec.name, port: spec.port }));
      const proxy = await startHaproxy({ port, backends }, path.join(benchDataDir, 'cluster', `haproxy-${count}`));
      children.add(proxy.process);
      proxies.push(proxy);
      return port;
    },

    /** The CPU time the instances used so far, summed, in ms (Linux; undefined elsewhere). */
    instancesCpuMs(): number | undefined {
      const each = instances.map((instance) => cpuMs(instance.process.pid));
      return each.includes(undefined) ? undefined : each.reduce((sum: number, ms) => sum + ms!, 0);
    },

    /** Stops the proxies, then the instances (each closes its database connections), then the hello route. */
    async stopAll(): Promise<void> {
      stopping = true;
      await Promise.all(proxies.map((proxy) => proxy.stop()));
      await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
      await Promise.all(
        [...children]
          .filter((child) => child.exitCode === null && child.signalCode === null)
          .map((child) => {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            return exited;
          }),
      );
    },
  };
}
