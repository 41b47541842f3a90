import type { RequestContext } from '../../context.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { queueInvitationMail, type LinkRecipient } from '../auth/password-link-mails.ts';
import { deletePasswordTokensOfUser } from '../auth/password-token.repository.ts';
import { deleteSessionsOfUser } from '../auth/session.repository.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { isShutOut, refusalOfChange, type MemberState } from './company-user-rules.ts';
import { isUniqueViolation, type CompanyUsersRepository, type MemberRow, type MemberValues } from './company-users.repository.ts';
import { recordCompanyUserChanged } from '../erp-events/erp-event.repository.ts';

// The body of one save of a company user, in the caller's transaction (company-users.service.ts): the
// company's lock first, then the acting admin and the user as stored now, the rules, the write, the
// uniqueness checks under the write, and what follows from the change (sessions and links ended, mails
// queued). Any refusal throws, and the transaction takes everything back.

export interface AdminScope {
  tenantId: number;
  companyId: number;
  userId: number;
}

export const fullNameOf = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

export const stateOf = (row: Pick<MemberRow, 'is_active' | 'is_locked' | 'role'>): MemberState => ({
  active: row.is_active === 1,
  locked: row.is_locked === 1,
  customerAdmin: row.role === 'customer_admin',
});

/** Invited, and no password set since: the user cannot sign in yet. */
export const isInvitationPending = (row: Pick<MemberRow, 'invited_at' | 'password_changed_at'>) => row.invited_at !== null && row.password_changed_at <= row.invited_at;

export const recipientOf = (row: MemberRow): LinkRecipient => ({
  id: row.id,
  username: row.username,
  email: row.email,
  fullName: fullNameOf(row.first_name, row.last_name),
  locale: row.locale,
});

export const notFound = () => new AppError('not_found', 'company_user.not_found');

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Under the company's lock: the acting admin as stored now (a change committed a moment ago counts). */
export async function checkActor(users: CompanyUsersRepository, trx: DatabaseTransaction, scope: AdminScope) {
  const actor = await users.findActiveAdmin(trx, scope.tenantId, scope.companyId, scope.userId);
  if (!actor) throw new AppError('forbidden', 'error.forbidden');
  return actor;
}

/** Issues the single-use link (7 days; earlier links of the user die) and queues the invitation, in `trx`. */
export async function invite(users: CompanyUsersRepository, trx: DatabaseTransaction, input: { ctx: RequestContext; scope: AdminScope; user: LinkRecipient; invitedBy: string; now: Date }) {
  const { scope, user, now } = input;
  const company = await users.findCompanyName(trx, scope.tenantId, scope.companyId);
  await users.markInvited(trx, scope.tenantId, user.id, now.toISOString());
  // A new user has chosen no language yet: the admin's page language is the best guess.
  await queueInvitationMail(trx, { tenantId: scope.tenantId, user: { ...user, locale: user.locale ?? input.ctx.locale }, companyName: company?.name ?? '', invitedBy: input.invitedBy, now });
}

export interface MemberWrite {
  ctx: RequestContext;
  scope: AdminScope;
  now: Date;
  /** The user to change; null creates one (with `passwordHash`, a hash of a secret nobody knows). */
  userId: number | null;
  passwordHash: string | null;
  /** What to store, given the user as stored now (null for a new user). */
  valuesFor: (before: MemberRow | null) => MemberValues;
  /** The username and e-mail address the save may take: locked before anything is read (PostgreSQL). */
  claims: { email?: string; username?: string };
}

/** Writes the user; answers the stored row and whether their sessions ended (the caller forgets them after commit). */
export async function writeMember(users: CompanyUsersRepository, trx: DatabaseTransaction, write: MemberWrite): Promise<{ row: MemberRow; endedSessions: boolean }> {
  const { ctx, scope, now } = write;
  const nowIso = now.toISOString();
  await users.lock(trx, { tenantId: scope.tenantId, companyId: scope.companyId, ...write.claims });
  const actor = await checkActor(users, trx, scope);
  const before = write.userId === null ? null : ((await users.findMember(trx, scope.tenantId, scope.companyId, write.userId)) ?? null);
  if (write.userId !== null && !before) throw notFound();
  const values = write.valuesFor(before);
  const after: MemberState = { active: values.active, locked: values.locked, customerAdmin: values.customerAdmin };
  const otherActiveAdmins = before ? await users.countActiveAdmins(trx, scope.tenantId, scope.companyId, before.id) : 0;
  const refusal = refusalOfChange({ self: before?.id === scope.userId, before: before ? stateOf(before) : null, after, otherActiveAdmins });
  if (refusal) throw new AppError('unprocessable', refusal.messageKey, { field: refusal.field });

  let userId: number;
  try {
    if (before) {
      await users.updateMember(trx, { tenantId: scope.tenantId, userId: before.id, values });
      userId = before.id;
    } else {
      userId = await users.insertMember(trx, { tenantId: scope.tenantId, companyId: scope.companyId, values, passwordHash: write.passwordHash as string, now: nowIso });
    }
  } catch (error) {
    // The same username, exactly, committed by another save while this one ran.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'company_user.username.taken', { field: 'username' });
    throw error;
  }
  // Checked after the write, under it (see lock()), so two saves taking one name cannot both pass. Only a
  // name this save takes is checked: imported accounts may share an address, and their admin must still be
  // able to lock them.
  const usernameTaken = !before || !sameText(before.username, values.username);
  const emailChanged = before !== null && !sameText(before.email, values.email);
  if (usernameTaken && (await users.isTaken(trx, scope.tenantId, userId, 'username', values.username))) {
    throw new AppError('conflict', 'company_user.username.taken', { field: 'username' });
  }
  if ((!before || emailChanged) && (await users.isTaken(trx, scope.tenantId, userId, 'email', values.email))) {
    throw new AppError('conflict', 'user.email.taken', { field: 'email' });
  }

  const fullName = fullNameOf(values.firstName, values.lastName);
  const shutOut = isShutOut(after);
  if (shutOut) {
    // Locked or inactive: signed out everywhere, and no link left to set a password with.
    await deleteSessionsOfUser(trx, { tenantId: scope.tenantId, userId });
    await deletePasswordTokensOfUser(trx, { tenantId: scope.tenantId, userId });
  }
  if (before && emailChanged) {
    // As the profile does: the old address hears of it. Links sent there stop working.
    await queueMail(
      trx,
      { tenantId: scope.tenantId, recipient: before.email, locale: before.locale ?? ctx.locale },
      { kind: 'email_changed', payload: { fullName, newEmail: values.email, changedAt: nowIso } },
    );
    if (!shutOut) await deletePasswordTokensOfUser(trx, { tenantId: scope.tenantId, userId });
  }
  // A new user, or one still invited whose address was corrected, gets the invitation (at the new address).
  if (!shutOut && (before === null || (emailChanged && isInvitationPending(before)))) {
    const user = { id: userId, email: values.email, username: values.username, fullName, locale: before?.locale ?? null };
    await invite(users, trx, { ctx, scope, user, invitedBy: fullNameOf(actor.first_name, actor.last_name), now });
  }
  // The ERP's feed reports the change with its commit (docs/decisions/0021-erp-event-feed.md).
  await recordCompanyUserChanged(trx, { tenantId: scope.tenantId, userId, occurredAt: nowIso });
  const row = await users.findMember(trx, scope.tenantId, scope.companyId, userId);
  if (!row) throw notFound();
  return { row, endedSessions: shutOut };
}
