import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Browser tests run in Debian's Chromium (Playwright's own browser download is not possible here).
// When it is missing and we are root, install it; otherwise explain how to point at one.
const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log('Chromium is missing: installing Debian’s chromium package …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    if (!install || install.status !== 0 || !fs.existsSync(chromium)) {
      console.error('Installing chromium failed. Install it yourself, or set CHROMIUM_PATH to a Chromium binary.');
      process.exit(1);
    }
  } else {
    console.error(
      `No Chromium at ${chromium}. Install Debian's chromium package (apt-get install chromium) as root, ` +
        'or set CHROMIUM_PATH to the path of a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}

// Every run starts from a freshly seeded database.
fs.rmSync(path.join(root, process.env.E2E_DIR ?? 'test-results/e2e'), { recursive: true, force: true });
fs.mkdirSync(path.join(root, 'test-results/screens'), { recursive: true });

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, 'test-results/playwright.json') },
});
process.exit(result.status ?? 1);
