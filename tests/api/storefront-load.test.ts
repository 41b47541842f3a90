import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoTenantId } from './erp-order-fixtures.ts';
import { erpKey } from './erp-load-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The buyers' load an import steps aside for (server/lib/storefront-load.ts): each storefront request is
// noted from its start until its answer went out; the ERP's own requests are not, so a stream of PUTs
// does not make the import step aside for itself.

let shop: TestShop;
let key: string;
const noted: { ended: boolean }[] = [];

beforeAll(async () => {
  shop = await startTestShop();
  key = await erpKey(shop, await demoTenantId(shop), ['stock:write']);
  shop.services.erpJobRunner.storefrontRequestStarted = () => {
    const entry = { ended: false };
    noted.push(entry);
    return () => void (entry.ended = true);
  };
});
afterAll(() => shop.close());

it('notes a storefront request until its answer went out, and not the ERP’s requests', async () => {
  const page = await shop.app.inject({ method: 'GET', url: '/api/configuration' });
  expect(page.statusCode).toBe(200);
  expect(noted).toEqual([{ ended: true }]);
  const erp = await shop.app.inject({ method: 'PUT', url: '/erp/v1/stock', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: [] });
  expect(erp.statusCode).toBeLessThan(500);
  expect(noted).toHaveLength(1);
  const unknown = await shop.app.inject({ method: 'GET', url: '/api/no-such-route' });
  expect(unknown.statusCode).toBe(404);
  expect(noted.map((entry) => entry.ended)).toEqual([true, true]);
});
