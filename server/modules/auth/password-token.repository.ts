import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';

// Single-use links to set a password (migration 0025): the reset link a user asks for and the invitation a
// customer admin sends a new company user. Both open /reset?token=… and end in POST /api/user/resetPassword.
// A token is 256 random bits (base64url, 43 characters); the table keeps only its SHA-256, so a database
// dump holds no usable link. The functions take the caller's transaction: the token is issued with the
// change that needs it (the new user, the queued mail) and spent with the new password, or not at all.
// Times come from the caller's clock (`now`), never the database's, so tests can move it.

export type PasswordTokenPurpose = 'reset' | 'invitation';

/** How long a link stays valid: a reset is asked for and used at once; an invitation may wait a week. */
export const passwordTokenLifetimeMs: Record<PasswordTokenPurpose, number> = {
  reset: 2 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

/** The shape every issued token has; anything else is refused before the database is asked. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a new token for the user and deletes every earlier one of theirs, whatever its purpose (a new
 * invitation voids the old one, a new reset request voids the old link, and a reset voids a pending
 * invitation: a user has at most one live link). Answers the raw token, which only the mail may carry,
 * and when it expires.
 */
export async function issuePasswordToken(
  db: Executor,
  input: { tenantId: number; userId: number; purpose: PasswordTokenPurpose; now: Date },
): Promise<{ token: string; expiresAt: string }> {
  const issued = await issuePasswordTokens(db, { tenantId: input.tenantId, userIds: [input.userId], purpose: input.purpose, now: input.now });
  return issued.get(input.userId)!;
}

// Each token row binds 6 values, and a delete one per user: 500 users stay far below both engines' limits.
const usersPerStatement = 500;

/** Issues a token for each of several users at once (issuePasswordToken above): one delete and one insert per 500 users. */
export async function issuePasswordTokens(
  db: Executor,
  input: { tenantId: number; userIds: readonly number[]; purpose: PasswordTokenPurpose; now: Date },
): Promise<Map<number, { token: string; expiresAt: string }>> {
  const { now } = input;
  const expiresAt = new Date(now.getTime() + passwordTokenLifetimeMs[input.purpose]).toISOString();
  const issued = new Map(input.userIds.map((userId) => [userId, { token: randomBytes(32).toString('base64url'), expiresAt }]));
  const userIds = [...issued.keys()];
  for (let start = 0; start < userIds.length; start += usersPerStatement) {
    const chunk = userIds.slice(start, start + usersPerStatement);
    await db.deleteFrom('password_tokens').where('tenant_id', '=', input.tenantId).where('user_id', 'in', chunk).execute();
    await db
      .insertInto('password_tokens')
      .values(
        chunk.map((userId) => ({
          tenant_id: input.tenantId,
          user_id: userId,
          purpose: input.purpose,
          token_hash: hashPasswordToken(issued.get(userId)!.token),
          created_at: now.toISOString(),
          expires_at: expiresAt,
        })),
      )
      .execute();
  }
  return issued;
}

/**
 * Spends a token: marks it used and answers whose it is, or undefined when it is unknown, used, expired
 * or of another tenant (the caller answers all of these alike). One conditional UPDATE, so of two
 * requests with the same token only one finds it unused (PostgreSQL re-checks the row after the other's
 * commit, SQLite runs one writer at a time). In the caller's transaction: a refused new password rolls
 * the spending back and the link still works.
 */
export async function spendPasswordToken(
  db: Executor,
  input: { tenantId: number; token: string; now: Date },
): Promise<{ userId: number; purpose: PasswordTokenPurpose } | undefined> {
  if (!tokenShape.test(input.token)) return undefined;
  const now = input.now.toISOString();
  const row = await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('tenant_id', '=', input.tenantId)
    .where('token_hash', '=', hashPasswordToken(input.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, purpose: row.purpose } : undefined;
}

/** Deletes every token of the user (a user locked or deactivated by their admin keeps no live link). */
export async function deletePasswordTokensOfUser(db: Executor, input: { tenantId: number; userId: number }): Promise<void> {
  await db.deleteFrom('password_tokens').where('tenant_id', '=', input.tenantId).where('user_id', '=', input.userId).execute();
}

/** Deletes tokens that expired before `before`: they can no longer be spent. Idempotent. */
export async function deleteExpiredPasswordTokens(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('password_tokens').where('expires_at', '<=', before.toISOString()).execute();
}
