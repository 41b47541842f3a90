import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

// How much JavaScript the browser loads for a page: the client entry, then every route module on the
// way from the root to the page, with all their static imports — compressed, as it travels: the .gz
// and .br copies that the build writes and the server sends (scripts/compress-assets.ts).
// Usage: npm run bench:js -- routes/home routes/category   (route ids from app/routes.ts)

const root = path.resolve(import.meta.dirname, '..');
const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
const { assets } = build;

function routeChain(routeId: string): string[] {
  const chain: string[] = [];
  let current: string | undefined = routeId;
  while (current) {
    const route: (typeof assets.routes)[string] | undefined = assets.routes[current];
    if (!route) throw new Error(`Unknown route id ${current}; known: ${Object.keys(assets.routes).join(', ')}`);
    chain.unshift(current);
    current = route.parentId;
  }
  return chain;
}

function compressedKb(files: Set<string>, encoding: 'gz' | 'br'): number {
  let bytes = 0;
  for (const file of files) {
    const filePath = path.join(root, 'build/client', file);
    // Files too small to be worth compressing are sent as they are.
    bytes += fs.existsSync(`${filePath}.${encoding}`) ? fs.statSync(`${filePath}.${encoding}`).size : fs.statSync(filePath).size;
  }
  return bytes / 1024;
}

const routeIds = process.argv.slice(2);
if (routeIds.length === 0) routeIds.push('routes/home');
for (const routeId of routeIds) {
  const files = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  for (const id of routeChain(routeId)) {
    const route = assets.routes[id]!;
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  console.log(`${routeId}: ${files.size} files, ${compressedKb(files, 'gz').toFixed(1)} KB gzip, ${compressedKb(files, 'br').toFixed(1)} KB Brotli`);
  if (process.env.BENCH_JS_FILES) {
    const sizes = [...files].map((file) => [compressedKb(new Set([file]), 'gz'), file] as const).sort((a, b) => b[0] - a[0]);
    for (const [kb, file] of sizes) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${file}`);
  }
}
