import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { applyMigrations } from '../db/migrator.ts';
import { systemClock } from '../lib/clock.ts';
import { erpScopes, isErpScope } from '../modules/access/erp-access.ts';
import { createApiClientRepository } from '../modules/erp/api-client.repository.ts';
import { createApiClientService } from '../modules/erp/api-client.service.ts';
import { createTenantRepository } from '../modules/tenants/tenant.repository.ts';

// npm run api-client -- <create|list|rotate|revoke> --tenant SLUG [options]: the ERP's API clients
// (docs/erp-integration.md). The secret is printed once, by create and rotate, and never stored.

const usage = `Usage:
  npm run api-client -- create --tenant demo --name "ERP" --scopes catalog:write,stock:write [--expires 2027-12-31]
  npm run api-client -- list   --tenant demo
  npm run api-client -- rotate --tenant demo --id 3     (the old secret works 24 hours more)
  npm run api-client -- revoke --tenant demo --id 3
Scopes: ${erpScopes.join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  options: {
    tenant: { type: 'string' },
    name: { type: 'string' },
    scopes: { type: 'string' },
    expires: { type: 'string' },
    id: { type: 'string' },
    help: { type: 'boolean' },
  },
  allowPositionals: true,
});
const command = positionals[0];
if (values.help || !command) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
if (!['create', 'list', 'rotate', 'revoke'].includes(command)) fail(`Unknown command "${command}".`);
if (!values.tenant) fail('--tenant is required.');

const config = loadConfig();
const handle = openDatabase(config.database.url, { poolSize: 1 });
try {
  await applyMigrations(handle.db);
  const tenant = await createTenantRepository(handle.db).findBySlug(values.tenant);
  if (!tenant) fail(`No tenant "${values.tenant}".`);
  const clients = createApiClientService({ clients: createApiClientRepository(handle.db), clock: systemClock });
  const idOf = () => {
    const id = Number(values.id);
    if (!Number.isSafeInteger(id) || id < 1) fail('--id must be the number `list` shows.');
    return id;
  };

  if (command === 'create') {
    if (!values.name) fail('--name is required.');
    const scopes = (values.scopes ?? '').split(',').map((scope) => scope.trim()).filter(Boolean);
    const unknown = scopes.filter((scope) => !isErpScope(scope));
    if (scopes.length === 0 || unknown.length > 0) fail(unknown.length > 0 ? `Unknown scopes: ${unknown.join(', ')}.` : '--scopes is required.');
    let expiresAt: string | null = null;
    if (values.expires) {
      const expires = new Date(values.expires);
      if (Number.isNaN(expires.getTime())) fail('--expires must be a date such as 2027-12-31.');
      expiresAt = expires.toISOString();
    }
    const { client, secret } = await clients.create({ tenantId: tenant.id, name: values.name, scopes: scopes.filter(isErpScope), expiresAt });
    console.log(`Created API client ${client.id} "${client.name}" for tenant ${tenant.slug} with scopes ${client.scopes.join(', ')}.`);
    console.log('Its secret (shown this once; send it as "Authorization: Bearer <secret>"):');
    console.log(secret);
  } else if (command === 'list') {
    const list = await clients.list(tenant.id);
    if (list.length === 0) console.log(`Tenant ${tenant.slug} has no API clients.`);
    for (const client of list) {
      const state = client.revokedAt ? `revoked ${client.revokedAt}` : client.expiresAt ? `expires ${client.expiresAt}` : 'active';
      console.log(`${client.id}\t${client.name}\t${client.scopes.join(',')}\t${state}\tlast used ${client.lastUsedAt ?? 'never'}`);
    }
  } else if (command === 'rotate') {
    const { secret, previousSecretExpiresAt } = await clients.rotate(tenant.id, idOf());
    console.log(`New secret (shown this once); the old one works until ${previousSecretExpiresAt}:`);
    console.log(secret);
  } else {
    await clients.revoke(tenant.id, idOf());
    console.log('Revoked: both its secrets stop working now.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
