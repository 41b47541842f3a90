import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// HAProxy in front of several app instances: the one load balancer the shop is run and tested behind
// (docs/operations.md). Requests of one client connection are balanced one by one (round robin), so
// consecutive requests of a buyer reach different instances, as they may behind any load balancer.

export const haproxyBinary = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Installs Debian's haproxy package when it is missing and we are root; otherwise says how. */
export function ensureHaproxy(): void {
  if (fs.existsSync(haproxyBinary)) return;
  if (process.getuid?.() !== 0 || process.env.HAPROXY_PATH) {
    throw new Error(`No HAProxy at ${haproxyBinary}. Install Debian's haproxy package (apt-get install haproxy) as root, or set HAPROXY_PATH.`);
  }
  console.log('HAProxy is missing: installing Debian’s haproxy package …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  if (!install || install.status !== 0 || !fs.existsSync(haproxyBinary)) throw new Error('Installing haproxy failed: install it yourself, or set HAPROXY_PATH.');
}

export interface Backend {
  /** Shown in the answer's X-Served-By header and HAProxy's logs. */
  name: string;
  port: number;
}

export interface HaproxyOptions {
  /** The port buyers connect to (on 127.0.0.1 unless `bindHost` says otherwise). */
  port: number;
  bindHost?: string;
  backends: Backend[];
  /** Milliseconds between two health checks of an instance. */
  checkIntervalMs?: number;
}

/**
 * The configuration: health checks on /readyz (an instance that drains or lost its database answers 503 and
 * is taken out), an instance whose connections fail is marked down at once and the request sent to another,
 * and the client's address in a X-Forwarded-For the proxy writes itself (one a client sent is dropped, so
 * an instance that trusts the proxy never reads an address a client chose).
 */
export function haproxyConfig(options: HaproxyOptions): string {
  const inter = options.checkIntervalMs ?? 500;
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 75s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 5s',
    '  option http-keep-alive',
    // A connection refused (an instance just died) is tried again on another instance; a request that
    // reached an instance is never sent twice: a buyer's POST is not repeated behind their back.
    '  retries 2',
    '  option redispatch 1',
    '',
    'frontend shop',
    `  bind ${options.bindHost ?? '127.0.0.1'}:${options.port}`,
    '  http-request del-header X-Forwarded-For',
    '  option forwardfor',
    // One id follows a request through the proxy's and the instance's logs (the app keeps an incoming id).
    '  unique-id-format %{+X}o%ci%cp%fp%Ts%rt%pid',
    '  http-request set-header X-Request-ID %[unique-id] unless { req.hdr(X-Request-ID) -m reg ^[A-Za-z0-9_-]{8,64}$ }',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    // The instances refuse a request without a Host header, which HAProxy's check leaves out by default.
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    `  default-server inter ${inter} fastinter ${inter} downinter ${inter} fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down`,
    '  http-response set-header X-Served-By %s',
    ...options.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
    '',
  ].join('\n');
}

export interface RunningHaproxy {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Writes the configuration into `dir` and starts HAProxy in the foreground of a child process; resolves once it listens. */
export async function startHaproxy(options: HaproxyOptions, dir: string): Promise<RunningHaproxy> {
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(options));
  const child = spawn(haproxyBinary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${errors}`);
    const listening = await fetch(`http://127.0.0.1:${options.port}/healthz`).then(() => true, () => false);
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not listen on ${options.port}: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
