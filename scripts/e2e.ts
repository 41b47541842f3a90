import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The browser tests in two lanes: `node scripts/e2e.ts` (npm run test:e2e) walks the journeys, each
// worker against a shop of its own, and records the screens they reach; `node scripts/e2e.ts screens`
// (npm run test:screens) screenshots those screens at both widths and checks them with axe
// (tests/e2e/screen-recording.ts). Further arguments go to Playwright.
//
// Browser tests run in Debian's Chromium (Playwright's own browser download is not possible here).
// When it is missing and we are root, install it; otherwise explain how to point at one.
const root = path.resolve(import.meta.dirname, '..');
const lane = process.argv[2] === 'screens' ? 'screens' : 'journeys';
const playwrightArgs = process.argv.slice(lane === 'screens' ? 3 : 2);
const dataDir = path.resolve(root, process.env.E2E_DIR ?? 'test-results/e2e');
const screensDir = path.join(root, 'test-results/screens');
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

if (lane === 'journeys') {
  // Every run starts from freshly seeded databases, and records its screens afresh (tests/e2e/screen-recording.ts).
  fs.rmSync(dataDir, { recursive: true, force: true });
} else {
  if (!fs.existsSync(path.join(dataDir, 'recorded-screens'))) {
    console.error('No recorded screens: run the journeys first (npm run test:e2e), which record the screens this lane checks.');
    process.exit(1);
  }
  // Only this run's screenshots: none left from screens no journey reaches any more.
  for (const file of fs.existsSync(screensDir) ? fs.readdirSync(screensDir) : []) if (file.endsWith('.png')) fs.rmSync(path.join(screensDir, file));
}
fs.mkdirSync(screensDir, { recursive: true });

const result = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_LANE: lane,
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, lane === 'screens' ? 'test-results/playwright-screens.json' : 'test-results/playwright.json'),
  },
});
process.exit(result.status ?? 1);
