import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// `npm start`: builds the app when the build is missing or older than its sources, then starts
// the server (which migrates, and seeds the demo data on first start).
const root = path.resolve(import.meta.dirname, '..');
const builtEntry = path.join(root, 'build/server/index.js');
const sourceDirs = ['app', 'core', 'locales'];
const sourceFiles = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target, { withFileTypes: true })
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry.name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
const sourcesAt = Math.max(...[...sourceDirs, ...sourceFiles].map((p) => newestMtime(path.join(root, p))));
if (builtAt < sourcesAt) {
  console.log('Building the shop …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/index.ts');
