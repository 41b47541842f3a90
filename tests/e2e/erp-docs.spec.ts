import { expect, test } from './fixtures.ts';

// The ERP API's reference page, for the integrator: served by the shop itself under its page policy
// (no CDN, no script the policy refuses), generated from the routes' own schemas.

test('the ERP API reference shows every call, from the shop alone', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/erp/docs');
  await expect(page.getByRole('heading', { name: /ERP integration API/ })).toBeVisible();
  await expect(page.getByText('/erp/v1/client', { exact: true })).toBeVisible();
  expect(refused).toEqual([]);
  expect(foreign.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);
});
