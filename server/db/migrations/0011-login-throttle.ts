import type { Kysely } from 'kysely';
import { notNull, tenantRef } from '../migration-helpers.ts';

// Login throttling: one counter per username and per client address. Taking an attempt is a
// single upsert that returns the new count, so counting and checking are one atomic step on both
// engines and across every app process on one PostgreSQL; parallel wrong logins can no longer all read
// "below the limit" before any of them is counted.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('tenant_id', 'integer', tenantRef)
    // 'user:<username>' or 'ip:<address>'
    .addColumn('subject', 'text', notNull)
    .addColumn('window_started_at', 'text', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addPrimaryKeyConstraint('login_throttle_pk', ['tenant_id', 'subject'])
    .execute();
  await db.schema.createIndex('login_throttle_window_started_at_idx').on('login_throttle').column('window_started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
