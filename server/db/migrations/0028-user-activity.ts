import { sql, type Kysely } from 'kysely';

// Company users: what the customer admin's user list says about each user.
//  - users.last_login_at: the last successful sign-in, written by the login. Neither table that knew it
//    before keeps it: sessions are deleted on logout, on a password change and when they expire, and login
//    attempts are purged after the throttling window (15 minutes). Filled from both for users who signed in
//    before this migration, as far as they still remember.
//  - users.invited_at: when a customer admin last sent the user an invitation to set a password. A user whose
//    password was set no later than that (password_changed_at <= invited_at) has not yet followed it: the
//    list offers "invite again" for them. Null for users who were never invited (seeded, imported).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('invited_at', 'text').execute();
  // ISO-8601 UTC texts of one format compare as they sort, so max() is the latest on both engines.
  await sql`
    update users set last_login_at = (
      select max(latest) from (
        select max(s.created_at) as latest from sessions s where s.user_id = users.id
        union all
        select max(a.attempted_at) from login_attempts a
        where a.tenant_id = users.tenant_id and a.username = users.username and a.succeeded = 1
      ) known
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('invited_at').execute();
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
}
