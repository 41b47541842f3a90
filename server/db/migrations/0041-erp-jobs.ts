import type { Kysely } from 'kysely';
import { createIndex, engineOf, id, intDefault, notNull, ref, tenantRef } from '../migration-helpers.ts';

// Large ERP loads as jobs (docs/erp-integration.md, "Large loads as jobs"; ADR 0023). A job is received
// as NDJSON and kept in the database in chunks of a few hundred lines (erp_job_chunks), so it survives a
// restart and any app process on the same database may run it. The runner commits each chunk's writes
// together with the job's progress (next_chunk, the counts) and the chunk's failed rows (erp_job_errors):
// after a crash it resumes at the first chunk not committed, and nothing is counted twice. A full load
// notes the keys it named (erp_job_keys) to deactivate the records of its scope it did not name.
// public_id is the id the ERP sees: random, so a job's id says nothing about other jobs or tenants.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('erp_jobs')
    .addColumn('id', 'integer', id(e))
    .addColumn('public_id', 'text', notNull)
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('client_id', 'integer', ref('api_clients.id', 'cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('mode', 'text', notNull)
    // receiving → queued → running → done | failed | needs_confirmation (→ queued once confirmed)
    .addColumn('state', 'text', notNull)
    .addColumn('idempotency_key', 'text')
    .addColumn('body_sha256', 'text')
    .addColumn('row_count', 'integer', intDefault(0))
    .addColumn('chunk_count', 'integer', intDefault(0))
    .addColumn('next_chunk', 'integer', intDefault(0))
    .addColumn('read_count', 'integer', intDefault(0))
    .addColumn('created_count', 'integer', intDefault(0))
    .addColumn('updated_count', 'integer', intDefault(0))
    .addColumn('unchanged_count', 'integer', intDefault(0))
    .addColumn('failed_count', 'integer', intDefault(0))
    .addColumn('deactivated_count', 'integer', intDefault(0))
    .addColumn('scope_count', 'integer')
    .addColumn('would_deactivate', 'integer')
    .addColumn('confirmed', 'integer', intDefault(0))
    .addColumn('attempts', 'integer', intDefault(0))
    .addColumn('failure', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('received_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await createIndex(db, 'erp_jobs', ['public_id'], { unique: true });
  await createIndex(db, 'erp_jobs', ['tenant_id', 'client_id', 'idempotency_key'], { unique: true });
  await createIndex(db, 'erp_jobs', ['state', 'received_at']);
  await createIndex(db, 'erp_jobs', ['client_id', 'type', 'received_at']);

  await db.schema
    .createTable('erp_job_chunks')
    .addColumn('job_id', 'integer', ref('erp_jobs.id', 'cascade'))
    .addColumn('chunk_no', 'integer', notNull)
    .addColumn('first_line', 'integer', notNull)
    .addColumn('body', 'text', notNull)
    .addPrimaryKeyConstraint('erp_job_chunks_pk', ['job_id', 'chunk_no'])
    .execute();

  await db.schema
    .createTable('erp_job_errors')
    .addColumn('id', 'integer', id(e))
    .addColumn('job_id', 'integer', ref('erp_jobs.id', 'cascade'))
    .addColumn('line', 'integer', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('problems', 'text', notNull)
    .execute();
  await createIndex(db, 'erp_job_errors', ['job_id', 'line']);

  await db.schema
    .createTable('erp_job_keys')
    .addColumn('job_id', 'integer', ref('erp_jobs.id', 'cascade'))
    .addColumn('key', 'text', notNull)
    .addPrimaryKeyConstraint('erp_job_keys_pk', ['job_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('erp_job_keys').execute();
  await db.schema.dropTable('erp_job_errors').execute();
  await db.schema.dropTable('erp_job_chunks').execute();
  await db.schema.dropTable('erp_jobs').execute();
}
