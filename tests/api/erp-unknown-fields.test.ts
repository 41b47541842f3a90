import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpScopes } from '../../server/modules/access/erp-access.ts';
import { startTestShop, type TestShop } from './helper.ts';

// A field an ERP row does not have fails the row, naming it: a misspelt `listprice` must not answer
// "unchanged" while the ERP believes it sent a new price. Every upsert of the ERP API, and the bodies of
// the single-document calls, refuse unknown fields alike.

let shop: TestShop;
let key: string;

const upserts = ['categories', 'products', 'prices', 'stock', 'seasons', 'companies', 'users', 'addresses', 'salesPersonAssignments'];

beforeAll(async () => {
  shop = await startTestShop();
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  key = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'ERP', scopes: erpScopes })).secret;
});
afterAll(() => shop.close());

const put = (url: string, payload: unknown) => shop.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${key}` }, payload: payload as object });

describe('an unknown field', () => {
  it.each(upserts)('fails its row of PUT /erp/v1/%s, naming it', async (resource) => {
    const answer = await put(`/erp/v1/${resource}`, [{ sku: 'X-1', externalId: 'X-1', listprice: { amount: 1, currency: 'EUR' } }]);
    expect(answer.statusCode).toBe(200);
    const [row] = answer.json().rows;
    expect(row.result).toBe('failed');
    expect(row.errors).toContainEqual(expect.objectContaining({ path: 'listprice', code: 'validation.unknown_field' }));
  });

  it('refuses a single document naming the field, and nested fields too', async () => {
    const document = { type: 'invoice', number: 'RE-UNKNOWN-1', companyExternalId: '10001', date: '2026-11-20', currency: 'EUR', amount: 11.9, openAmount: 11.9, paymentStatus: 'open' };
    expect((await put('/erp/v1/documents/UNKNOWN-FIELD', document)).statusCode).toBe(201);
    const answer = await put('/erp/v1/documents/UNKNOWN-FIELD', { ...document, amount: 12.9, openAmmount: 12.9 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ messageKey: 'validation.unknown_field', field: 'openAmmount' });
    const row = await put('/erp/v1/products', [{ sku: 'X-2', names: { de: 'Schraube', fr: 'Vis' } }]);
    expect(row.json().rows[0].errors).toContainEqual(expect.objectContaining({ path: 'names.fr', code: 'validation.unknown_field' }));
  });
});
