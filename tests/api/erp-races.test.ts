import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpScopes } from '../../server/modules/access/erp-access.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Two loads that create the same record at the same moment (two ERP processes, or a request sent again
// while the first still runs): both answer every row, one creates it, the other finds it; never a 5xx.

let shop: TestShop;
let key: string;

beforeAll(async () => {
  shop = await startTestShop();
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  key = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'ERP', scopes: erpScopes })).secret;
});
afterAll(() => shop.close());

const put = (resource: string, rows: unknown[]) =>
  shop.app.inject({ method: 'PUT', url: `/erp/v1/${resource}`, headers: { authorization: `Bearer ${key}` }, payload: rows as object[] });

async function twiceAtOnce(resource: string, rows: unknown[]) {
  const answers = await Promise.all([put(resource, rows), put(resource, rows)]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  return answers.map((answer) => answer.json().rows[0].result as string).sort();
}

describe('the same new record loaded twice at once', () => {
  it.each([
    ['categories', [{ externalId: 'RACE-K', names: { de: 'Wettlauf' } }]],
    ['seasons', [{ externalId: 'RACE-S', name: 'Wettlauf-Saison', date: '2028-03-01' }]],
    ['companies', [{ externalId: 'RACE-10', name: 'Wettlauf GmbH', vatCountry: 'DE', showNetPrices: true, discountPercent: 0, freight: null, minimumOrderAmount: 0, blockedDelivery: false, active: true, usersSeeCompanyOrders: true, usersSeeFinance: false }]],
  ])('%s: one load creates it, the other finds it', async (resource, rows) => {
    expect(await twiceAtOnce(resource, rows)).toEqual(['created', 'unchanged']);
  });

  it('products: one load creates it, the other finds it', async () => {
    expect((await put('categories', [{ externalId: 'RACE-K2', names: { de: 'Wettlauf 2' } }])).statusCode).toBe(200);
    const row = { sku: 'RACE-P', names: { de: 'Wettlaufschraube' }, categoryExternalId: 'RACE-K2', salesUnit: 'ST', batchSize: 1, taxCategory: 'standard' };
    expect(await twiceAtOnce('products', [row])).toEqual(['created', 'unchanged']);
  });
});
