import { sql, type Kysely } from 'kysely';
import { engineOf, id, intDefault, notNull, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// Webhooks (docs/erp-integration.md, Webhooks): endpoints an API client registered to be sent the ERP
// event feed's events (migration 0035) as they are sequenced. Each endpoint keeps its own cursor in the
// feed (last_seq) and the state of the delivery under way (attempts, failing_since, next_attempt_at), so
// its events go out one at a time in seq order; a worker claims an endpoint with a lease (claimed_until)
// like the mail outbox. Every attempt is logged in webhook_attempts for GET …/deliveries.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('url', 'text', notNull)
    .addColumn('types', 'text', notNull)
    .addColumn('secret', 'text', notNull)
    .addColumn('last_seq', 'integer', intDefault(0))
    .addColumn('attempts', 'integer', intDefault(0))
    .addColumn('failing_since', 'text')
    .addColumn('next_attempt_at', 'text', notNull)
    .addColumn('claimed_until', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await sql.raw('create index webhook_endpoints_tenant_id_idx on webhook_endpoints (tenant_id)').execute(db);
  await sql.raw('create index webhook_endpoints_due_idx on webhook_endpoints (next_attempt_at) where disabled_at is null').execute(db);

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', id(e))
    .addColumn('endpoint_id', 'integer', ref('webhook_endpoints.id', 'cascade'))
    .addColumn('event_id', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('attempt', 'integer', notNull)
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('at', 'text', notNull)
    .execute();
  await sql.raw('create index webhook_attempts_endpoint_id_idx on webhook_attempts (endpoint_id, id)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
