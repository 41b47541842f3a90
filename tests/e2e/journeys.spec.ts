import { expect, newContext, test } from './fixtures.ts';
import { signInThroughForm } from './account-fixtures.ts';
import { accounts, captureScreens, signIn, startSession, withShopDatabase } from './helpers.ts';

test.describe('a customer', () => {
  test('lands, signs in, switches the language and logs out', async ({ page, context }) => {
    // The whole first visit with screenshots of four screens at two widths: longer than one page's test.
    test.setTimeout(90_000);
    const response = await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    // Scripts run only with the per-request nonce: the page works, so the render carries it.
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    await expect(page.getByTestId('landing')).toContainText('Nordlicht Großhandel GmbH');
    await captureScreens(page, 'landing');

    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await captureScreens(page, 'auth');

    await page.getByLabel('Benutzername').fill('customer');
    await page.getByLabel('Passwort').fill('falsch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Benutzername oder Passwort ist ungültig. Bitte versuchen Sie es erneut.');

    await page.getByLabel('Passwort').fill('Demo-Customer-1');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('login-button')).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'userId')).toBeDefined();
    await captureScreens(page, 'home-customer');

    await page.getByTestId('account-button').click();
    await expect(page.getByTestId('account-sidebar')).toBeVisible();
    await expect(page.getByTestId('account-sidebar')).toContainText('Muster Baubedarf GmbH');
    await captureScreens(page, 'account-sidebar');
    await page.getByTestId('language-option-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const locale = (await context.cookies()).find((c) => c.name === 'locale');
    expect(locale?.value).toBe('en');
    expect(locale!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await page.getByTestId('account-button').click();
    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/landing$/);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('token');
    expect(names).not.toContain('userId');
    // The old session is gone on the server too: going back does not sign in again.
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('with an English browser sees English without a cookie', async ({ browser }) => {
    const context = await newContext(browser, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/landing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await context.close();
  });
});

test.describe('a guest', () => {
  test('browses as guest, cannot open protected pages and reaches the login through the login button', async ({ page }) => {
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-button')).toBeVisible();
    await captureScreens(page, 'home-guest');

    for (const path of ['/wishlist', '/detailed-cart?type=order', '/my-account', '/checkout']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }

    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
  });
});

test.describe('signing out', () => {
  test('a link to /logout signs nobody out: it shows a page whose button does', async ({ page, context }) => {
    await startSession(page, accounts.customer);
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Abmelden' })).toBeVisible();
    await captureScreens(page, 'logout');
    // Still signed in: the shop opens.
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.goto('/logout');
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/landing$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('token');
  });

  test('the login button and the sidebar sign out without JavaScript', async ({ browser }) => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('token');
    await context.close();
  });

  test('another site cannot sign a buyer out with a form', async ({ page }) => {
    await signIn(page, 'customer');
    const answer = await page.request.post('/logout', { headers: { origin: 'https://evil.example' } });
    expect(answer.status()).toBe(403);
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
  });
});

test('an unknown page shows the 404 page with a link home', async ({ page }) => {
  await startSession(page, accounts.customer2);
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' })).toBeVisible();
  await captureScreens(page, 'not-found');
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the imprint and the other content pages are public and linked from the footer', async ({ page }) => {
  await page.goto('/content/impressum');
  await expect(page).toHaveURL(/\/content\/impressum$/);
  await expect(page.getByTestId('content-page')).toContainText('Hafenstraße 12');
  await captureScreens(page, 'content-page');

  await signIn(page, 'customer');
  await page.getByTestId('footer').getByRole('link', { name: 'AGB' }).click();
  await expect(page).toHaveURL(/\/content\/agb$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen');
  expect((await page.goto('/content/gibt-es-nicht'))?.status()).toBe(404);
});

test.describe('roles in the layout', () => {
  test('a sales person sees the top bar with the company info text', async ({ page }) => {
    await signIn(page, 'sales');
    await expect(page.getByTestId('top-bar')).toContainText('Außendienst-Hotline');
    await captureScreens(page, 'home-sales');
  });

  test('a customer sees no top bar and no admin panel link', async ({ page }) => {
    await signIn(page, 'customer');
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    await expect(page.getByTestId('vat-info-bar')).toHaveCount(0);
    await page.getByTestId('account-button').click();
    await expect(page.getByTestId('account-sidebar').getByRole('link', { name: /Admin/ })).toHaveCount(0);
  });

  test('an admin finds the admin panel in the account sidebar', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByTestId('account-button').click();
    const link = page.getByTestId('account-sidebar').getByRole('link', { name: /Admin/ });
    await expect(link).toHaveAttribute('href', 'https://admin.example.com');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('a buyer with another VAT country sees the VAT info bar', async ({ page }) => {
    await signIn(page, 'customer2');
    await expect(page.getByTestId('vat-info-bar')).toBeVisible();
  });
});

test('every navigation is counted as a page view', async ({ page }) => {
  const pageViews = () =>
    withShopDatabase(async (db) =>
      Number((await db.selectFrom('statistics_events').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'page_view').executeTakeFirstOrThrow()).n),
    );
  const before = await pageViews();
  // Through the form: its page and the home page it leads to are two of the navigations counted.
  await signInThroughForm(page, accounts.customer);
  await page.getByTestId('footer').getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL(/\/content\/impressum$/);
  await expect.poll(pageViews).toBeGreaterThanOrEqual(before + 3);
});

test('a visitor who is not signed in can switch the language on the landing page', async ({ page }) => {
  await page.goto('/landing');
  await page.getByTestId('language-option-en').click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('the page’s scripts travel compressed and are cached for a year', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/landing');
  await expect(page.getByTestId('landing')).toBeVisible();
  // The framework's file, the largest every page loads (the client entry itself is a few lines).
  const framework = scripts.find((url) => /\/assets\/framework-[\w-]+\.js$/.test(url));
  expect(framework, `scripts loaded: ${scripts.join(', ')}`).toBeDefined();

  const plain = await request.get(framework!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  for (const encoding of ['br', 'gzip']) {
    const compressed = await request.get(framework!, { headers: { 'accept-encoding': encoding } });
    expect(compressed.headers()['content-encoding']).toBe(encoding);
    expect(Number(compressed.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']) / 2);
    expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The request context decompresses: the same script either way.
    expect(await compressed.text()).toBe(await plain.text());
  }
});

test('pages travel compressed to browsers that accept it, and plain to those that do not', async ({ request }) => {
  for (const [acceptEncoding, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const response = await request.get('/landing', { headers: { 'accept-encoding': acceptEncoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe(expected);
    expect(response.headers().vary).toContain('accept-encoding');
    // The request context decompresses: the same document either way.
    expect(await response.text()).toContain('data-testid="landing"');
  }
});
