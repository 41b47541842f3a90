import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { waitUntilSettled } from './fixtures.ts';
import { e2eDir, workerShop } from './shops.ts';

// The two browser lanes meet here. The journeys lane (`npm run test:e2e`) walks the shop and records each
// screen it reaches, as the settled page's document: no screenshot, no axe. The screens lane
// (`npm run test:screens`, screens.spec.ts) opens every recorded screen without a shop, at each width, and
// takes its screenshot and runs axe. Recording costs a page read; the screenshots and axe, most of a
// journey's time before, run once per screen in a lane of their own.

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type Width = keyof typeof viewports;

export interface RecordedScreen {
  name: string;
  /** The page's address when recorded: its links, styles and images resolve against it. */
  url: string;
  /** The page's document with its form state as attributes and without its scripts. */
  html: string;
  widths: Width[];
  /** The recording shop's MEDIA_DIR, which serves its /media/ files. */
  mediaDir: string;
  /** The journey that reached the screen, for the report of a screen that fails. */
  recordedBy: string;
}

const root = path.resolve(import.meta.dirname, '../..');
export const screenshotsDir = path.join(root, 'test-results/screens');
// Beside the shops whose media the screens show; a journeys run starts both afresh (scripts/e2e.ts).
const recordedScreensDir = path.resolve(root, e2eDir, 'recorded-screens');

/**
 * The document as the screen shows it. What a person typed or ticked lives in the elements' properties,
 * which the markup does not carry: written into the copy's attributes. Scripts are left out, so the copy
 * stays as recorded (the shop's pages change their looks through markup and CSS only, never by script
 * per width, so the copy shows each width as the page does). Runs in the page.
 */
function documentOfScreen(): string {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  const fields = 'input, textarea, option';
  const copies = copy.querySelectorAll(fields);
  document.documentElement.querySelectorAll(fields).forEach((field, index) => {
    const target = copies[index]!;
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') target.toggleAttribute('checked', field.checked);
      else if (field.type !== 'file') target.setAttribute('value', field.value);
    } else if (field instanceof HTMLTextAreaElement) {
      target.textContent = field.value;
    } else if (field instanceof HTMLOptionElement) {
      target.toggleAttribute('selected', field.selected);
    }
  });
  copy.querySelectorAll('script, link[rel="modulepreload"]').forEach((element) => element.remove());
  return `<!DOCTYPE html>\n${copy.outerHTML}`;
}

/** Records the settled page as the screen `name`, to be checked at the given widths by the screens lane. */
export async function recordScreen(page: Page, name: string, widths: Width[], recordedBy: string): Promise<void> {
  await waitUntilSettled(page);
  const screen: RecordedScreen = { name, url: page.url(), html: await page.evaluate(documentOfScreen), widths, mediaDir: path.resolve(root, workerShop().dataDir, 'media'), recordedBy };
  fs.mkdirSync(recordedScreensDir, { recursive: true });
  const file = path.join(recordedScreensDir, `${name}.json`);
  // A journey run again (a retry) records its screens again; two journeys never share a name.
  if (fs.existsSync(file)) {
    const earlier = (JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedScreen).recordedBy;
    if (earlier !== recordedBy) throw new Error(`The screen ${name} is recorded by two journeys: ${earlier} and ${recordedBy}`);
  }
  fs.writeFileSync(file, JSON.stringify(screen));
}

/** The screens the last journeys run recorded, by name. */
export function recordedScreens(): RecordedScreen[] {
  if (!fs.existsSync(recordedScreensDir)) return [];
  return fs
    .readdirSync(recordedScreensDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(recordedScreensDir, file), 'utf8')) as RecordedScreen);
}
