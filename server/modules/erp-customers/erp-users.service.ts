import { randomBytes } from 'node:crypto';
import { defaultLocale } from '../../../core/locale.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { queueInvitationMails } from '../auth/password-link-mails.ts';
import { hashPassword } from '../auth/password.ts';
import { deletePasswordTokensOfUser } from '../auth/password-token.repository.ts';
import { deleteSessionsOfUser } from '../auth/session.repository.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { decided, fail, parseKeyedRowSlots, unknownReference } from '../erp/keyed-rows.ts';
import type { RowProblem, RowResult } from '../erp/row-results.ts';
import type { CustomerReferencesRepository } from './customer-references.repository.ts';
import type { ErpUsersRepository, StoredUser } from './erp-users.repository.ts';
import { externalIdRules } from './external-id.ts';
import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import { isShutOut, sameUser, userColumnsOf, userRowSchema, type UserColumns } from './user-row.ts';

// PUT /erp/v1/users: the ERP's user accounts, keyed by external id (user-row.ts).
//   1. every row checked on its own; an external id sent twice fails the later row;
//   2. the companies the rows name (by customer number) and the stored users, one read per 500 keys each; a
//      company the tenant does not have fails the row (erp.reference.unknown): companies come first, in
//      their own request;
//   3. usernames: one another user of the tenant holds (any case), or an earlier row of the request takes,
//      fail the row ('erp.user.username.taken'); e-mail addresses may repeat (imported accounts share
//      them; the password reset asks such users to contact their sales manager);
//   4. each row compared with what is stored: identical → 'unchanged', nothing written;
//   5. in one transaction: new users with a password nobody knows and the invitation mail (a single-use
//      link valid 7 days, through the outbox) unless inactive or locked; changed users written; a user
//      locked or deactivated loses every session and password link (docs/product.md, Company users); a
//      changed address hears of it (as in the profile); a user who has not set a password yet gets the
//      invitation anew at a new address, or once unlocked or activated;
//   6. after the commit, this process forgets the sessions it remembers (a locked user is out at once, a
//      new role or company counts from the next request; other processes within two seconds, ADR 0003).

export interface ErpUsersDeps {
  users: ErpUsersRepository;
  references: CustomerReferencesRepository;
  /** The seller's name: who invites, and the company a sales person is invited for. */
  sellerName: (tenantId: number) => Promise<string>;
  /** Forgets the sessions this process remembers (auth.service.ts clearCache). */
  forgetLiveSessions: () => void;
  clock: Clock;
}

interface UserWrite {
  externalId: string;
  columns: UserColumns;
  fullName: string;
  /** The company's name for the invitation. */
  companyName: string | null;
  before: StoredUser | null;
}

const fullNameOf = (columns: Pick<UserColumns, 'first_name' | 'last_name'>) => [columns.first_name, columns.last_name].filter(Boolean).join(' ');
const isInvitationPending = (user: StoredUser) => user.invited_at !== null && user.password_changed_at <= user.invited_at;

export function createErpUsersService(deps: ErpUsersDeps) {
  const { users, references } = deps;

  /**
   * What follows from one changed user, in the transaction: sessions and links ended, the old address told.
   * Answers whether the user is to be invited (anew).
   */
  async function afterChange(trx: DatabaseTransaction, tenantId: number, write: UserWrite & { before: StoredUser }): Promise<boolean> {
    const { before, columns } = write;
    const shutOut = isShutOut(columns);
    if (shutOut && !isShutOut(before)) {
      await deleteSessionsOfUser(trx, { tenantId, userId: before.id });
      await deletePasswordTokensOfUser(trx, { tenantId, userId: before.id });
    }
    const emailChanged = before.email.toLowerCase() !== columns.email.toLowerCase();
    if (emailChanged) {
      await queueMail(
        trx,
        { tenantId, recipient: before.email, locale: before.locale ?? defaultLocale },
        { kind: 'email_changed', payload: { fullName: write.fullName, newEmail: columns.email, changedAt: deps.clock.now().toISOString() } },
      );
      // Links sent to the old address stop working.
      if (!shutOut) await deletePasswordTokensOfUser(trx, { tenantId, userId: before.id });
    }
    // A user who has not set a password yet gets the invitation (anew) at their new address, or once they may
    // sign in (a user made locked or inactive was not invited).
    if (!shutOut && isInvitationPending(before) && (emailChanged || isShutOut(before))) {
      await users.markInvited(trx, tenantId, before.id, deps.clock.now().toISOString());
      return true;
    }
    return false;
  }

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { tenantId } = ctx;
    const { results, passed: pending } = parseKeyedRowSlots(userRowSchema, rows, externalIdRules('externalId', (value) => value.externalId));
    const [companies, storedUsers, holders] = await Promise.all([
      references.companies(tenantId, pending.flatMap((row) => (row.value.companyExternalId === undefined ? [] : [row.value.companyExternalId]))),
      users.findByExternalIds(tenantId, pending.map((row) => row.value.externalId)),
      users.usernameHolders(tenantId, pending.map((row) => row.value.username)),
    ]);
    const stored = new Map(storedUsers.map((user) => [user.external_id, user]));

    const writes: UserWrite[] = [];
    const claimed = new Set<string>();
    for (const row of pending) {
      const { value } = row;
      const company = value.companyExternalId === undefined ? null : companies.get(value.companyExternalId);
      const before = stored.get(value.externalId) ?? null;
      const name = value.username.toLowerCase();
      const holder = holders.get(name);
      const problems: RowProblem[] = [];
      if (company === undefined) problems.push(unknownReference('companyExternalId', value.companyExternalId!));
      if (claimed.has(name) || (holder !== undefined && holder !== before?.id)) problems.push({ path: 'username', code: 'erp.user.username.taken', params: { username: value.username } });
      if (problems.length > 0 || company === undefined) {
        fail(results, row, ...problems);
        continue;
      }
      claimed.add(name);
      const columns = userColumnsOf(value, company?.id ?? null);
      const { line } = row;
      if (before && sameUser(before, columns)) {
        results[line - 1] = { line, key: row.key, result: 'unchanged' };
        continue;
      }
      results[line - 1] = { line, key: row.key, result: before ? 'updated' : 'created' };
      writes.push({ externalId: value.externalId, columns, fullName: fullNameOf(columns), companyName: company?.name ?? null, before });
    }
    if (writes.length === 0) return decided(results);

    const created = writes.filter((write) => write.before === null);
    // Hashing is slow on purpose: one hash of a secret nobody knows, made before the transaction, serves every
    // new user of the request (each sets their own password through the invitation).
    const passwordHash = created.length > 0 ? await hashPassword(randomBytes(32).toString('base64url')) : '';
    const sellerName = await deps.sellerName(tenantId);
    const now = deps.clock.now();
    const invitationOf = (write: UserWrite, userId: number) => ({
      user: { id: userId, username: write.columns.username, email: write.columns.email, fullName: write.fullName, locale: write.columns.locale !== undefined ? write.columns.locale : (write.before?.locale ?? null) },
      companyName: write.companyName ?? sellerName,
      invitedBy: sellerName,
    });

    await users.transaction(async (trx) => {
      const ids = await users.insert(trx, tenantId, created.map((write) => ({ externalId: write.externalId, columns: write.columns })), passwordHash, now.toISOString());
      const invitations = created.filter((write) => !isShutOut(write.columns)).map((write) => invitationOf(write, ids.get(write.externalId)!));
      for (const write of writes) {
        if (write.before === null) continue;
        await users.update(trx, tenantId, write.before.id, write.columns);
        if (await afterChange(trx, tenantId, { ...write, before: write.before })) invitations.push(invitationOf(write, write.before.id));
      }
      await queueInvitationMails(trx, { tenantId, invitations, now });
    });
    deps.forgetLiveSessions();
    return decided(results);
  }

  return {
    /** Every row's result, in the request's order; run once more when another request created a record meanwhile. */
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpUsersService = ReturnType<typeof createErpUsersService>;
