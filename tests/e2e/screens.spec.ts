import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitUntilSettled } from './fixtures.ts';
import { recordedScreens, screenshotsDir, viewports, type RecordedScreen } from './screen-recording.ts';

// The screens lane (`npm run test:screens`): every screen the last journeys run recorded
// (screen-recording.ts), at each of its widths, screenshot into test-results/screens and checked with axe.
// No shop runs: the recorded document is answered for its own address, the build's files and the
// recording shop's media from disk.

const buildClientDir = path.resolve(import.meta.dirname, '../../build/client');
const screens = recordedScreens();

// The screens do not depend on each other: spread them over the workers.
test.describe.configure({ mode: 'parallel' });

test('the journeys recorded screens to check (npm run test:e2e records them)', () => {
  expect(screens.length).toBeGreaterThan(0);
});

for (const screen of screens) {
  test(`${screen.name} (${screen.widths.join(', ')})`, async ({ page }) => {
    // Per width a resize, axe and a full-page screenshot: more than the default 30 s on a small, busy machine.
    test.setTimeout(90_000);
    test.info().annotations.push({ type: 'recorded by', description: screen.recordedBy });
    await answerFromRecording(page, screen);
    await page.goto(screen.url);
    for (const width of screen.widths) {
      await page.setViewportSize(viewports[width]);
      await waitUntilSettled(page);
      await expectAccessible(page);
      await page.screenshot({ path: path.join(screenshotsDir, `${screen.name}-${width}.png`), fullPage: true });
    }
  });
}

/** The page's requests answered from the recording: the document, the build's assets, the shop's media. */
async function answerFromRecording(page: Page, screen: RecordedScreen): Promise<void> {
  const origin = new URL(screen.url).origin;
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.isNavigationRequest()) return route.fulfill({ body: screen.html, contentType: 'text/html; charset=utf-8' });
    if (url.origin !== origin) return route.abort();
    const [base, relative] = url.pathname.startsWith('/media/') ? [screen.mediaDir, url.pathname.slice('/media/'.length)] : [buildClientDir, url.pathname];
    const file = path.join(base, decodeURIComponent(relative));
    if (file.startsWith(base + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return route.fulfill({ path: file });
    return route.fulfill({ status: 404 });
  });
}

/** No serious or critical accessibility violation on the screen. */
async function expectAccessible(page: Page) {
  // axe's default mode collects the results of all frames in a blank page it opens for each run (most of a
  // run's time); the shop's pages have no frames from another origin, which only that mode tests. Should a
  // page ever have one, it is checked the default way.
  const origin = new URL(page.url()).origin;
  const foreignFrame = page.frames().some((frame) => {
    if (frame === page.mainFrame()) return false;
    try {
      return new URL(frame.url()).origin !== origin;
    } catch {
      return true;
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(!foreignFrame)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
