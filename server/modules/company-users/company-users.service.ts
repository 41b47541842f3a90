import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAccess } from '../access/access-policy.ts';
import { queuePasswordResetMail } from '../auth/password-link-mails.ts';
import { hashPassword } from '../auth/password.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { CompanyUserInput } from './company-user-input.ts';
import { isShutOut, type MemberState } from './company-user-rules.ts';
import { checkActor, fullNameOf, invite, isInvitationPending, notFound, recipientOf, stateOf, writeMember, type AdminScope, type MemberWrite } from './company-user-write.ts';
import type { CompanyUsersRepository, MemberRow } from './company-users.repository.ts';

// The users of a customer company, managed by its customer admin (docs/product.md, Company users):
//   list               GET  /api/user/companyUsers                   → { data: CompanyUser[] }
//   save               POST /api/user/saveCompanyUser                → { data: CompanyUser } (creates without _id)
//   setFlags           the page's toggles: active, locked or admin of one user, the rest as stored
//   inviteAgain        POST /api/user/inviteCompanyUser              → 204 (for a user who has not set a password)
//   sendPasswordReset  POST /api/user/sendCompanyUserPasswordReset   → 204 (the reset mail to a chosen user)
// Only customer admins (the access policy's 'customerAdmin': the shared guest gets 403 'error.login_required',
// everyone else 403 'error.forbidden'), for their own company, and only while the site setting
// isUserListActive is on (otherwise 403 'company_users.disabled'). A user id of another company, a sales person, an admin or the guest answers 404
// 'company_user.not_found', exactly like an id nobody has, and changes nothing. Each call is one transaction.

export interface CompanyUser {
  _id: number;
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phone: string | null;
  active: boolean;
  locked: boolean;
  customerAdmin: boolean;
  /** The last successful sign-in (ISO-8601 UTC), null for a user who never signed in. */
  lastLoginAt: string | null;
  /** Invited and no password set since: the user cannot sign in yet ("invite again" helps). */
  invitationPending: boolean;
}

export interface CompanyUserServiceDeps {
  users: CompanyUsersRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
  /** Forgets the sessions this process remembers (auth.service.ts clearCache): a locked user is out at once. */
  forgetLiveSessions: () => void;
  /** The time invitations are issued at. */
  clock: Clock;
  /** Told after a commit that wrote an ERP event, to sequence it soon (ADR 0021). */
  erpEvents: { afterCommit(): void };
}

export function toCompanyUser(row: MemberRow): CompanyUser {
  const state = stateOf(row);
  return {
    _id: row.id,
    fullName: fullNameOf(row.first_name, row.last_name),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    phone: row.phone,
    active: state.active,
    locked: state.locked,
    customerAdmin: state.customerAdmin,
    lastLoginAt: row.last_login_at,
    invitationPending: isInvitationPending(row),
  };
}

export function createCompanyUserService(deps: CompanyUserServiceDeps) {
  const { users, settings } = deps;

  /** The customer admin's company, or the refusal every other caller gets. */
  async function adminScope(ctx: RequestContext): Promise<AdminScope> {
    const { identity } = requireAccess(ctx, 'customerAdmin');
    if (!(await settings.getConfiguration(ctx)).isUserListActive) throw new AppError('forbidden', 'company_users.disabled');
    return { tenantId: ctx.tenant.id, companyId: identity.companyId, userId: identity.userId };
  }

  async function store(write: Omit<MemberWrite, 'now'>): Promise<{ data: CompanyUser }> {
    const { row, endedSessions } = await users.transaction((trx) => writeMember(users, trx, { ...write, now: deps.clock.now() }));
    // After the commit: this process forgets the sessions it remembers (other processes within two seconds, ADR 0003).
    if (endedSessions) deps.forgetLiveSessions();
    deps.erpEvents.afterCommit();
    return { data: toCompanyUser(row) };
  }

  return {
    /** Refuses a caller who may not manage the company's users, before their input is read. */
    async checkAccess(ctx: RequestContext): Promise<void> {
      await adminScope(ctx);
    },

    async list(ctx: RequestContext): Promise<{ data: CompanyUser[] }> {
      const scope = await adminScope(ctx);
      const rows = await users.list(scope.tenantId, scope.companyId);
      return { data: rows.map(toCompanyUser) };
    },

    /**
     * Creates (no _id) or changes a user of the admin's company. Refusals, nothing written: 404
     * 'company_user.not_found', 422 'company_user.self_deactivate' | 'self_lock' | 'self_demote' | 'last_admin'
     * (field named), 409 'company_user.username.taken' | 'user.email.taken'. A new user gets a random password
     * nobody knows and, when active and not locked, the invitation mail. A user locked or deactivated loses
     * every session and password link with the change; a changed e-mail address tells the old one (as the
     * profile does) and voids links sent there (a user still invited gets the invitation at the new address).
     */
    async save(ctx: RequestContext, input: CompanyUserInput): Promise<{ data: CompanyUser }> {
      const scope = await adminScope(ctx);
      // Hashing is slow on purpose: done before the transaction, so its locks are held briefly.
      const passwordHash = input._id === null ? await hashPassword(randomBytes(32).toString('base64url')) : null;
      const { _id: userId, ...values } = input;
      return store({ ctx, scope, userId, passwordHash, valuesFor: () => values, claims: { email: input.email, username: input.username } });
    },

    /** Changes some of a user's flags and keeps everything else as stored, under the rules of `save`. */
    async setFlags(ctx: RequestContext, userId: number, flags: Partial<MemberState>): Promise<{ data: CompanyUser }> {
      const scope = await adminScope(ctx);
      return store({
        ctx,
        scope,
        userId,
        passwordHash: null,
        claims: {},
        valuesFor: (before) => {
          if (!before) throw notFound();
          const state = stateOf(before);
          return { firstName: before.first_name, lastName: before.last_name, email: before.email, username: before.username, phone: undefined, ...state, ...flags };
        },
      });
    },

    /**
     * The invitation again (a new link; the old one dies), for a user who has not set a password since they
     * were invited: 409 'company_user.invitation.not_pending' otherwise (the password reset mail is for them),
     * 422 'company_user.mail.shut_out' for a locked or inactive user, 404 as `save`.
     */
    async inviteAgain(ctx: RequestContext, userId: number): Promise<void> {
      const scope = await adminScope(ctx);
      await users.transaction(async (trx) => {
        await users.lock(trx, { tenantId: scope.tenantId, companyId: scope.companyId });
        const actor = await checkActor(users, trx, scope);
        const member = await users.findMember(trx, scope.tenantId, scope.companyId, userId);
        if (!member) throw notFound();
        if (!isInvitationPending(member)) throw new AppError('conflict', 'company_user.invitation.not_pending');
        if (isShutOut(stateOf(member))) throw new AppError('unprocessable', 'company_user.mail.shut_out');
        await invite(users, trx, { ctx, scope, user: recipientOf(member), invitedBy: fullNameOf(actor.first_name, actor.last_name), now: deps.clock.now() });
      });
    },

    /**
     * The password reset mail (a link valid 2 hours; earlier links die) to a user of the admin's company, in
     * their language (else the admin's): 422 'company_user.mail.shut_out' for a locked or inactive user (they
     * could set a password but not sign in), 404 as `save`.
     */
    async sendPasswordReset(ctx: RequestContext, userId: number): Promise<void> {
      const scope = await adminScope(ctx);
      await users.transaction(async (trx) => {
        await users.lock(trx, { tenantId: scope.tenantId, companyId: scope.companyId });
        await checkActor(users, trx, scope);
        const member = await users.findMember(trx, scope.tenantId, scope.companyId, userId);
        if (!member) throw notFound();
        if (isShutOut(stateOf(member))) throw new AppError('unprocessable', 'company_user.mail.shut_out');
        await queuePasswordResetMail(trx, { tenantId: scope.tenantId, user: { ...recipientOf(member), locale: member.locale ?? ctx.locale }, now: deps.clock.now() });
      });
    },
  };
}

export type CompanyUserService = ReturnType<typeof createCompanyUserService>;
