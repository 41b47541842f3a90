import { expect, test } from './fixtures.ts';
import { captureScreens, changeSiteSettings, signIn, waitUntilSettled } from './helpers.ts';

// The information pages and the landing page: open to visitors who are not signed in, the seller's texts
// of the site settings in the reader's language, the content pages and the terms linked, the landing
// page's title, description and canonical address for search engines. Screenshots and axe at 1280 and
// 390 px in German and English.

test.describe.configure({ timeout: 120_000 });

test('a visitor from a search engine finds the landing page with its own title, description and address (German)', async ({ page }) => {
  // A link from elsewhere carries a query; the canonical address does not.
  await page.goto('/landing?utm_source=suchmaschine');
  await expect(page).toHaveTitle('Nordlicht Großhandel GmbH – Online-Shop für Geschäftskunden');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Der Großhandels-Shop von Nordlicht Großhandel GmbH für Handwerk, Handel und Industrie/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname + new URL(canonical!).search).toBe('/landing');
  expect(new URL(canonical!).host).toBe(new URL(page.url()).host);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Nordlicht Großhandel GmbH – Online-Shop für Geschäftskunden');

  const landing = page.getByTestId('landing');
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Nordlicht Großhandel GmbH');
  await expect(landing.getByRole('heading', { level: 2, name: 'Was der Shop Ihnen bietet' })).toBeVisible();
  await expect(page.getByTestId('landing-offers').getByRole('listitem')).toHaveText([/^Das ganze Sortiment, Ihre Preise/, /^Bestellen und vorbestellen/, /^Schnellbestellung/, /^Alles in Ihrem Kundenkonto/]);
  await expect(page.getByTestId('landing-welcome')).toContainText('Seit 1987 beliefert die Nordlicht Großhandel GmbH Handwerk, Industrie und Fachhandel');
  await expect(landing.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
  await expect(landing.getByRole('button', { name: 'Als Gast stöbern' })).toBeVisible();
  await expect(landing.getByRole('link', { name: 'Kundenkonto anfragen' })).toBeVisible();
  await waitUntilSettled(page);
  await captureScreens(page, 'landing-de');

  // The information pages are one click away, before signing in.
  await landing.getByRole('link', { name: 'Informationen' }).click();
  await expect(page).toHaveURL(/\/static$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informationen');
});

test('the landing page in English', async ({ page }) => {
  await page.goto('/landing');
  await page.getByTestId('language-option-en').click();
  await expect(page).toHaveTitle('Nordlicht Großhandel GmbH – online shop for business customers');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^The wholesale shop of Nordlicht Großhandel GmbH for trade and industry/);
  await expect(page.getByTestId('landing-offers').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('landing').getByRole('heading', { level: 2, name: 'About Nordlicht Großhandel GmbH' })).toBeVisible();
  await waitUntilSettled(page);
  await captureScreens(page, 'landing-en');
});

test('a visitor reads the information pages: the seller’s texts, the terms and the content pages (German)', async ({ page }) => {
  await page.goto('/static');
  await expect(page).toHaveURL(/\/static$/);
  await expect(page).toHaveTitle('Informationen');
  await expect(page.getByTestId('information-about-us')).toContainText('Seit 1987 beliefert die Nordlicht Großhandel GmbH');
  await expect(page.getByTestId('information-returns')).toContainText('Originalverpackte Ware nehmen wir innerhalb von 14 Tagen nach Erhalt zurück.');
  // The privacy policy in the reader's language.
  await expect(page.getByTestId('information-privacy')).toContainText('Wir verarbeiten personenbezogene Daten ausschließlich zur Führung Ihres Kundenkontos');
  await expect(page.getByTestId('information-pages').getByRole('link', { name: 'Informationen', exact: true })).toHaveAttribute('aria-current', 'page');
  await waitUntilSettled(page);
  await captureScreens(page, 'information-de');

  // The list at the side jumps to a section, and leads to the terms and every content page.
  const contents = page.getByRole('navigation', { name: 'Auf dieser Seite' });
  await expect(contents.getByRole('link', { name: 'Datenschutz' }).first()).toHaveAttribute('href', '#privacy');
  await expect(contents.getByRole('link', { name: 'Allgemeine Geschäftsbedingungen' }).first()).toHaveAttribute('href', '/content/agb');
  await expect(page.getByTestId('information-content-pages').getByRole('link')).toContainText(['Impressum', 'Versand & Lieferung']);
  await page.getByTestId('information-content-pages').getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL(/\/content\/impressum$/);
  await expect(page.getByTestId('content-page')).toContainText('Geschäftsführer: Jens Carstensen');
});

test('the information pages in English, and without the texts the seller left empty', async ({ page }) => {
  // A visitor chooses the language under the landing page; the choice stays with the browser.
  await page.goto('/landing');
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('landing').getByRole('heading', { level: 1 })).toHaveText('Welcome to Nordlicht Großhandel GmbH');
  await page.goto('/static');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Information');
  await expect(page.getByTestId('information-privacy')).toContainText('We process personal data only to run your customer account and your orders.');
  await expect(page.getByTestId('information-content-pages').getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/content/impressum');
  await waitUntilSettled(page);
  await captureScreens(page, 'information-en');

  await changeSiteSettings({ aboutUs: '', returnPolicy: '   ' });
  try {
    await page.reload();
    await expect(page.getByTestId('information-privacy')).toBeVisible();
    await expect(page.getByTestId('information-about-us')).toHaveCount(0);
    await expect(page.getByTestId('information-returns')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'On this page' }).locator('a[href="#about-us"], a[href="#returns"]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'On this page' }).locator('a[href="#privacy"]')).toHaveCount(1);
  } finally {
    await changeSiteSettings({
      aboutUs: '<p>Seit 1987 beliefert die Nordlicht Großhandel GmbH Handwerk, Industrie und Fachhandel in ganz Norddeutschland.</p>',
      returnPolicy: '<p>Originalverpackte Ware nehmen wir innerhalb von 14 Tagen nach Erhalt zurück. Sonderanfertigungen sind vom Umtausch ausgeschlossen.</p>',
    });
  }
});

test('a signed-in buyer opens the information pages inside the shop’s frame', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/static');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informationen');
  await expect(page.getByTestId('footer')).toBeVisible();
  await page.getByRole('navigation', { name: 'Informationsseiten' }).getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL(/\/static\/contact-us$/);
});
