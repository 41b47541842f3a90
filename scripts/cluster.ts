import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { staleBuildReason } from './build-staleness.ts';
import { ensureHaproxy, startHaproxy, type RunningHaproxy } from './cluster/haproxy.ts';
import { startInstance, stopInstance, type InstanceSpec, type RunningInstance } from './cluster/instances.ts';

// npm run cluster [-- --instances 3] [--port 8080] [--database postgres://…]
// The shop on several processes, the way it runs when one is not enough (docs/operations.md): N instances
// of the server on one PostgreSQL database behind HAProxy, which health-checks each on /readyz. The first
// instance migrates the database and seeds the demo data on a new one before the others start. An
// instance that dies is started again; Ctrl-C stops the instances (each drains first), then the proxy.

const usage = 'Usage: npm run cluster [-- --instances N] [--port P] [--database postgres://…]   (defaults: 3 instances, port 8080, DATABASE_URL or postgres://postgres@127.0.0.1:5432/shop_cluster)';
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_cluster' },
    help: { type: 'boolean', default: false },
  },
});
const count = Number(values.instances);
const proxyPort = Number(values.port);
if (values.help || !Number.isInteger(count) || count < 1 || count > 32 || !Number.isInteger(proxyPort) || proxyPort < 1 || proxyPort > 65_000 - count) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const databaseUrl = values.database;
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('Several instances share one PostgreSQL database: an embedded SQLite file belongs to one process. Pass --database postgres://…');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
const runDir = path.join(root, 'data/cluster');

await createDatabaseIfMissing(databaseUrl);
ensureHaproxy();
const staleBecause = staleBuildReason(root);
if (staleBecause) {
  console.log(`Building the shop (${staleBecause}) …`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const specs: InstanceSpec[] = Array.from({ length: count }, (_, index) => ({
  name: `app${index + 1}`,
  port: proxyPort + index + 1,
  entry: path.join(root, 'server/index.ts'),
  cwd: root,
  env: {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${proxyPort}`,
    // The proxy runs on this machine: only its X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
  },
  onLine: (line) => process.stdout.write(`${line}\n`),
}));

const running = new Map<string, RunningInstance>();
let stopping = false;

/** Starts an instance and starts it again whenever it dies (not when the cluster stops). */
async function supervise(spec: InstanceSpec): Promise<void> {
  const instance = await startInstance(spec, 120_000);
  running.set(spec.name, instance);
  void instance.exited.then(async (code) => {
    running.delete(spec.name);
    if (stopping) return;
    console.error(`${spec.name} exited (${code ?? instance.process.signalCode}): starting it again`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (!stopping) await supervise(spec).catch((error: Error) => console.error(error.message));
  });
}

// The first one alone: it migrates and, on a new database, seeds; the rest find the database ready.
await supervise(specs[0]!);
await Promise.all(specs.slice(1).map(supervise));
fs.mkdirSync(runDir, { recursive: true });
const proxy: RunningHaproxy = await startHaproxy({ port: proxyPort, bindHost: '0.0.0.0', backends: specs.map(({ name, port }) => ({ name, port })) }, runDir);
console.error(`\nThe shop runs on ${count} instance(s) behind HAProxy: http://localhost:${proxyPort}  (instances on ports ${specs.map((s) => s.port).join(', ')}; Ctrl-C stops)\n`);

async function stopAll(signal: string) {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping the instances (each drains first), then the proxy …`);
  await Promise.all([...running.values()].map((instance) => stopInstance(instance, 'SIGTERM')));
  await proxy.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
proxy.process.once('exit', (code) => {
  if (stopping) return;
  console.error(`haproxy exited (${code}): stopping`);
  void stopAll('haproxy exit');
});

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      console.error(`Created the PostgreSQL database ${name}.`);
    }
  } finally {
    await client.end();
  }
}
