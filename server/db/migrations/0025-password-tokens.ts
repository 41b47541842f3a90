import { sql, type Kysely } from 'kysely';
import { createIndex, engineOf, id, notNull, oneOf, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// Single-use links that let a user set a password: a password reset the user asks for
// ('reset', valid 2 hours) and the invitation a customer admin sends a new company user ('invitation',
// valid 7 days). Both open /reset?token=… and end in POST /api/user/resetPassword. The table keeps only the
// SHA-256 of a token (like sessions), so a database dump holds no usable link; used_at marks a token
// spent. Issuing a token deletes the user's earlier ones (server/modules/auth/password-token.repository.ts),
// so a user has at most one live link.
//
// Migration 0001 created password_reset_tokens for this, which no code ever wrote: it goes, empty.
//
// A reset is asked for by e-mail address, compared without regard to case (addresses are typed in any
// case, and the profile keeps them unique that way): an index on lower(email) answers that lookup.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.dropTable('password_reset_tokens').ifExists().execute();
  await db.schema
    .createTable('password_tokens')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('purpose', 'text', (col) => oneOf('purpose', ['reset', 'invitation'])(col.notNull()))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('created_at', 'text', timestampNow(e))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'password_tokens', ['token_hash'], { unique: true });
  await createIndex(db, 'password_tokens', ['user_id']);
  await sql`create index users_tenant_lower_email_idx on users (tenant_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema.dropIndex('users_tenant_lower_email_idx').execute();
  await db.schema.dropTable('password_tokens').execute();
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', timestampNow(e))
    .execute();
  await createIndex(db, 'password_reset_tokens', ['token_hash'], { unique: true });
  await createIndex(db, 'password_reset_tokens', ['user_id']);
}
