import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import readline from 'node:readline';

// App instances as processes of their own, started and stopped the way an operator's supervisor would:
// `npm run cluster` runs the shop's server this way, the tests through the load balancer the API server.

export interface InstanceSpec {
  name: string;
  port: number;
  /** The script the process runs (server/index.ts, or the tests' API-only server). */
  entry: string;
  env: Record<string, string>;
  cwd: string;
  /** Each line the process writes (its JSON log); dropped when not given. */
  onLine?: (line: string) => void;
}

export interface RunningInstance {
  spec: InstanceSpec;
  process: ChildProcess;
  /** Resolves with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

/** A port nobody listens on now, for an instance or the proxy. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the instance and resolves once its /readyz answers 200 (within `timeoutMs`). */
export async function startInstance(spec: InstanceSpec, timeoutMs = 60_000): Promise<RunningInstance> {
  const child = spawn(process.execPath, [spec.entry], {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, PORT: String(spec.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    const lines = readline.createInterface({ input: stream });
    lines.on('line', (line) => spec.onLine?.(line));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance ${spec.name} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const ready = await fetch(`http://127.0.0.1:${spec.port}/readyz`).then((answer) => answer.status === 200, () => false);
    if (ready) return { spec, process: child, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${spec.name} was not ready on port ${spec.port} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops the instance with the signal (SIGTERM: it drains and closes; SIGKILL: it dies) and waits until it is gone. */
export async function stopInstance(instance: RunningInstance, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill(signal);
  return instance.exited;
}
