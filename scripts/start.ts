import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { staleBuildReason } from './build-staleness.ts';

// `npm start`: builds the app when the build is missing or older than one of the files it was made
// from, then starts the server (which migrates, and seeds the demo data on first start).
const root = path.resolve(import.meta.dirname, '..');
const staleBecause = staleBuildReason(root);
if (staleBecause) {
  console.log(`Building the shop (${staleBecause}) …`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/index.ts');
