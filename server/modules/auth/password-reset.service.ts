import type { Locale } from '../../../core/locale.ts';
import type { Tenant } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { inEqualTime } from '../../lib/equal-time.ts';
import { hashPassword } from './password.ts';
import { queuePasswordResetMail } from './password-link-mails.ts';
import { passwordProblems } from '../../../core/password-policy.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';
import { spendPasswordToken } from './password-token.repository.ts';
import type { RequestThrottle, ThrottleLimit } from './request-throttle.ts';
import { deleteSessionsOfUser } from './session.repository.ts';

// Password reset by mail (/forgot-password and /reset; docs/product.md, Signup).
//
// sendResetPasswordEmail answers what the spec wants a person to read: a link on its way, an unknown
// address, an address several accounts share (ask the sales manager), a blocked account (the login's
// message: no mail would help), and the shared guest account (it has no password of its own to reset).
// Those answers tell whether an address is known, so they must not come cheaper than scanning allows:
//   - every answer after the throttle takes at least `minAnswerMs` (inEqualTime), and
//   - each request counts against the client address and the e-mail address in the request throttle
//     (subjects 'reset-mail-ip:…' and 'reset-mail:…'); beyond the limits 429.
//
// resetPassword spends a token once: the new password meets the policy (400 naming newPassword, the token
// stays valid), then in one transaction the token is marked used, the password set and every session of the
// user deleted; this process forgets its remembered sessions at once (others within two seconds, like a
// password change). Unknown, used and expired tokens are one answer (422 'password_reset.token_invalid');
// wrong tokens count against the client address ('reset-token-ip:…'). An invitation's token works the same
// way and changes nothing else: whether the account is active or locked stays the customer admin's choice.

/** Requests per client address and per e-mail address in one throttle window. */
export const resetMailLimits = { perIp: 10, perEmail: 5 };
/** Wrong tokens per client address in one throttle window (a token is 256 bits: this spares the database, not the secret). */
export const resetTokenGuessesPerIp = 20;

export interface PasswordResetDeps {
  repository: PasswordResetRepository;
  throttle: RequestThrottle;
  /** Forgets the sessions this process remembers (auth service clearCache). */
  forgetLiveSessions: () => void;
  /** The time links are issued, checked and spent at. */
  clock: Clock;
  /** The least time every answer of sendResetPasswordEmail takes; 400 ms by default. */
  minAnswerMs?: number;
}

type ResetUser = NonNullable<Awaited<ReturnType<PasswordResetRepository['findUser']>>>;

const fullNameOf = (user: ResetUser) => [user.first_name, user.last_name].filter((part) => part.trim() !== '').join(' ');

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { repository, throttle } = deps;
  const minAnswerMs = deps.minAnswerMs ?? 400;

  const take = (tenantId: number, limits: readonly ThrottleLimit[]) => throttle.take(tenantId, limits, 'password_reset.too_many_requests');

  /** Why a user cannot get a reset link, or null when they can. */
  function refusal(user: ResetUser): AppError | null {
    if (user.role === 'guest') return new AppError('forbidden', 'password_reset.guest');
    if (user.is_locked === 1 || user.is_active !== 1) return new AppError('forbidden', 'login.blocked');
    if (user.email.trim() === '') return new AppError('unprocessable', 'password_reset.no_email');
    return null;
  }

  async function queueFor(tenant: Tenant, user: ResetUser, locale: Locale): Promise<{ expiresAt: string }> {
    return repository.transaction((trx) =>
      queuePasswordResetMail(trx, {
        tenantId: tenant.id,
        user: { id: user.id, username: user.username, email: user.email, fullName: fullNameOf(user), locale: user.locale ?? locale },
        now: deps.clock.now(),
      }),
    );
  }

  return {
    /** Deletes the password links that expired by `now` (housekeeping.ts); idempotent. */
    purgeExpired(now: Date): Promise<void> {
      return repository.purgeExpiredTokens(now);
    },

    /**
     * POST /api/user/sendResetPasswordEmail {email}, no session needed. 200 {success: true} with the mail
     * queued for the one account of that address; 404 'password_reset.email_unknown'; 409
     * 'password_reset.email_shared' when several accounts have it; 403 'login.blocked' for a locked or
     * inactive account, 403 'password_reset.guest' for the shared guest (no mail for either); 429 beyond
     * the throttle. `locale` is the page's language, for a user who never chose one.
     */
    async requestReset(input: { tenant: Tenant; email: string; ip: string; locale: Locale }): Promise<{ success: true }> {
      const email = input.email.trim().toLowerCase();
      await take(input.tenant.id, [
        [`reset-mail-ip:${input.ip}`, resetMailLimits.perIp],
        [`reset-mail:${email}`, resetMailLimits.perEmail],
      ]);
      return inEqualTime(minAnswerMs, async () => {
        const users = await repository.findUsersByEmail(input.tenant.id, email);
        if (users.length === 0) throw new AppError('not_found', 'password_reset.email_unknown', { field: 'email' });
        if (users.length > 1) throw new AppError('conflict', 'password_reset.email_shared', { field: 'email' });
        const user = users[0]!;
        const refused = refusal(user);
        if (refused) throw refused;
        await queueFor(input.tenant, user, input.locale);
        return { success: true as const };
      });
    },

    /**
     * Sends a chosen user the reset mail (a customer admin on /my-account/users; the caller has checked the
     * user is theirs to manage). 404 'error.not_found' for an unknown id; 403 'password_reset.guest';
     * 403 'login.blocked' for a locked or inactive user (unlock them first: the link would not let them in);
     * 422 'password_reset.no_email'. Answers when the link expires.
     */
    async sendResetMail(tenant: Tenant, userId: number, options: { locale: Locale }): Promise<{ expiresAt: string }> {
      const user = await repository.findUser(tenant.id, userId);
      if (!user) throw new AppError('not_found', 'error.not_found');
      const refused = refusal(user);
      if (refused) throw refused;
      return queueFor(tenant, user, options.locale);
    },

    /**
     * Whose password a live token sets, for the /reset page before anything is typed (its strength hint
     * checks the password against them), or null for an unknown, used or expired token. A wrong token
     * counts as a guess like in resetPassword; nothing is spent.
     */
    async checkToken(input: { tenant: Tenant; token: string; ip: string }): Promise<{ username: string; email: string } | null> {
      const tenantId = input.tenant.id;
      const counted = await take(tenantId, [[`reset-token-ip:${input.ip}`, resetTokenGuessesPerIp]]);
      const owner = await repository.findTokenOwner(tenantId, input.token, deps.clock.now().toISOString());
      if (!owner || owner.role === 'guest') return null;
      await throttle.giveBack(tenantId, counted);
      return { username: owner.username, email: owner.email };
    },

    /**
     * POST /api/user/resetPassword {token, newPassword}, no session needed: 200 {success: true, username}
     * (the username to sign in with); 400 naming newPassword under the password policy; 422
     * 'password_reset.token_invalid' for an unknown, used or expired token; 429 beyond the guesses.
     */
    async resetPassword(input: { tenant: Tenant; token: string; newPassword: string; ip: string }): Promise<{ success: true; username: string }> {
      const tenantId = input.tenant.id;
      const counted = await take(tenantId, [[`reset-token-ip:${input.ip}`, resetTokenGuessesPerIp]]);
      const invalid = () => new AppError('unprocessable', 'password_reset.token_invalid', { field: 'token' });
      const owner = await repository.findTokenOwner(tenantId, input.token, deps.clock.now().toISOString());
      // The guest never gets a token; should one exist, it changes nothing.
      if (!owner || owner.role === 'guest') throw invalid();
      // A right token: the guess is given back, whatever the password policy says next.
      await throttle.giveBack(tenantId, counted);
      const [problem] = passwordProblems(input.newPassword, { username: owner.username, email: owner.email });
      if (problem) throw new AppError('validation', problem, { field: 'newPassword' });
      // Hashing takes a while: done before the transaction, which then holds its locks only for the writes.
      const passwordHash = await hashPassword(input.newPassword);
      await repository.transaction(async (trx) => {
        const now = deps.clock.now();
        // Spent here, in the transaction of the new password: of two requests with one token only one
        // finds it unused; the other (or a token that expired meanwhile) is refused and changes nothing.
        const spent = await spendPasswordToken(trx, { tenantId, token: input.token, now });
        if (!spent || spent.userId !== owner.id) throw invalid();
        await repository.setPassword(trx, { tenantId, userId: owner.id, passwordHash, now });
        await deleteSessionsOfUser(trx, { tenantId, userId: owner.id });
      });
      deps.forgetLiveSessions();
      return { success: true, username: owner.username };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
