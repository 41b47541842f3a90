import { erpScopes, type ErpScope } from '../../server/modules/access/erp-access.ts';
import type { HostileShop } from './shop.ts';

// The keys the hostile suite sends to the ERP API: one with every scope, one for each scope alone, and one
// revoked, all of the demo tenant; the routes themselves say which scope they need (RouteEntry.erpScope).

export interface ErpKeys {
  all: string;
  only: Record<ErpScope, string>;
  revoked: string;
}

export async function createErpKeys(shop: HostileShop): Promise<ErpKeys> {
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const create = (name: string, scopes: readonly ErpScope[]) => shop.services.apiClients.create({ tenantId: tenant.id, name, scopes });
  const all = (await create('hostile: every scope', erpScopes)).secret;
  const only = {} as Record<ErpScope, string>;
  for (const scope of erpScopes) only[scope] = (await create(`hostile: ${scope}`, [scope])).secret;
  const revoked = await create('hostile: revoked', erpScopes);
  await shop.services.apiClients.revoke(tenant.id, revoked.client.id);
  return { all, only, revoked: revoked.secret };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
