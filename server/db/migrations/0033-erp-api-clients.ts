import type { Kysely } from 'kysely';
import { createIndex, engineOf, id, notNull, tenantRef, timestampNow } from '../migration-helpers.ts';

// The wholesaler's programs that call the ERP integration API (/erp/v1), one row per client and tenant.
// The secret is stored only as its SHA-256; a rotated client keeps its previous secret's hash until
// previous_secret_expires_at, so the ERP can switch over without a gap. scopes is a space-separated list.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('api_clients')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('name', 'text', notNull)
    .addColumn('scopes', 'text', notNull)
    .addColumn('secret_hash', 'text', notNull)
    .addColumn('previous_secret_hash', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('created_at', 'text', timestampNow(e))
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await createIndex(db, 'api_clients', ['secret_hash'], { unique: true });
  await createIndex(db, 'api_clients', ['previous_secret_hash']);
  await createIndex(db, 'api_clients', ['tenant_id', 'name']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_clients').execute();
}
