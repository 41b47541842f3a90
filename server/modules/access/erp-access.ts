import { AppError } from '../../errors.ts';

// Who may call the ERP integration API (/erp/v1): the wholesaler's programs, each an API client of one
// tenant with the scopes it was given (docs/erp-integration.md). A client acts for its tenant only, and
// every ERP route names the one scope it needs (server/erp/erp-api.ts refuses a route that names none).
// Storefront sessions never reach these routes, and API keys never reach the storefront's /api routes.

export const erpScopes = [
  'catalog:write',
  'prices:write',
  'stock:write',
  'customers:write',
  'orders:read',
  'orders:write',
  'documents:write',
  'webhooks:manage',
  'reviews:read',
  'reviews:write',
] as const;

export type ErpScope = (typeof erpScopes)[number];

export function isErpScope(value: string): value is ErpScope {
  return (erpScopes as readonly string[]).includes(value);
}

/** The API client a request was authenticated as. */
export interface ApiClientIdentity {
  id: number;
  name: string;
  scopes: ReadonlySet<ErpScope>;
}

/** What every ERP service call knows of its caller: the tenant it may change, and who it is. */
export interface ErpContext {
  tenantId: number;
  client: ApiClientIdentity;
}

/** 401 for a missing, unknown, expired or revoked key: the same answer for each, so none can be told apart. */
export const unknownApiKey = () => new AppError('unauthorized', 'api.key.invalid');

/** Throws 403 'api.scope.missing' naming the scope when the client was not given it. */
export function requireScope(ctx: ErpContext, scope: ErpScope): void {
  if (!ctx.client.scopes.has(scope)) throw new AppError('forbidden', 'api.scope.missing', { params: { scope }, details: { scope } });
}
