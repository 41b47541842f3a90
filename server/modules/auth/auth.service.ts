import type { Caches } from '../../cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../errors.ts';
import type { Role, SessionIdentity, Tenant } from '../../context.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { LoginAttemptRepository } from './login-attempt.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblems } from '../../../core/password-policy.ts';
import type { RequestThrottle } from './request-throttle.ts';
import type { ActiveSession, SessionRepository } from './session.repository.ts';
import { hashSessionToken, newSessionToken } from './session-token.ts';

export interface AuthSettings {
  sessionTtlHours: number;
  /** Failed sign-ins per username in one window of the throttle. */
  maxAttempts: number;
}

// An office behind one address has many buyers, so the per-address limit is wider than the per-user one.
const ipAttemptsFactor = 5;
// Writing last_seen_at on every request would turn each read into a write.
const touchIntervalMs = 5 * 60 * 1000;
// Every request presents its token; looking it up costs more than a cached catalogue answer. A live
// session is therefore remembered as long as the site settings (CACHE_MS, two seconds; ADR 0003): this
// process forgets it at once on logout and password change, other processes when it runs out. A sales
// person's session is never remembered: it says which customer they act for, and after a switch their
// next request acts for the new one on whichever instance it lands (a remembered copy there would fill
// the previous customer's cart).
const sessionCacheMaxEntries = 10_000;

export function createAuthService(deps: {
  sessions: SessionRepository;
  attempts: LoginAttemptRepository;
  throttle: RequestThrottle;
  users: UserRepository;
  settings: AuthSettings;
  caches: Caches;
  clock: Clock;
}) {
  const { sessions, attempts, throttle, users, settings, clock } = deps;
  // Verifying against a real hash when the user does not exist keeps the answer time the same,
  // so response timing does not reveal which usernames exist.
  let dummyHash: Promise<string> | undefined;
  const liveSessions = deps.caches.shared<ActiveSession | undefined>(sessionCacheMaxEntries);

  async function startSession(tenantId: number, userId: number) {
    const token = newSessionToken();
    const expiresAt = new Date(clock.now().getTime() + settings.sessionTtlHours * 3600 * 1000).toISOString();
    await sessions.create({ tenantId, userId, tokenHash: hashSessionToken(token), expiresAt, now: clock.now() });
    return { token, userId };
  }

  /**
   * Counts this attempt against the username and the address before the password is checked (429 beyond
   * the limits); the subjects counted are given back when the password is right, so they count failures.
   */
  function takeAttempt(tenantId: number, username: string, ip: string): Promise<string[]> {
    const { maxAttempts } = settings;
    const limits = [[`user:${username}`, maxAttempts], [`ip:${ip}`, maxAttempts * ipAttemptsFactor]] as const;
    return throttle.take(tenantId, limits, 'error.too_many_login_attempts');
  }

  /**
   * Forgets every session this process remembers: after sessions were deleted (deleteSessionsOfUser: a new
   * password, a user locked or deactivated; other processes follow within two seconds), and in tests. The
   * cache is keyed by token, not by user, and ending sessions is rare enough to forget them all.
   */
  function clearCache(): void {
    liveSessions.clear();
  }

  return {
    sessionTtlSeconds: settings.sessionTtlHours * 3600,

    async login(input: { tenant: Tenant; username: string; password: string; ip: string }) {
      const { tenant, password, ip } = input;
      const username = input.username.trim();
      const counted = await takeAttempt(tenant.id, username, ip);
      const user = await users.findCredentials(tenant.id, username);
      dummyHash ??= hashPassword('not-a-real-password');
      const valid = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
      await attempts.record({ tenantId: tenant.id, username, ip, succeeded: valid && user !== undefined, at: clock.now() });
      if (!user || !valid) throw new AppError('unauthorized', 'login.invalid');
      await throttle.giveBack(tenant.id, counted);
      if (user.is_locked === 1 || user.is_active !== 1) throw new AppError('forbidden', 'login.blocked');
      const session = await startSession(tenant.id, user.id);
      await users.recordLogin(tenant.id, user.id, clock.now().toISOString());
      return session;
    },

    async logout(tenant: Tenant, token: string): Promise<void> {
      const tokenHash = hashSessionToken(token);
      await sessions.deleteByTokenHash(tenant.id, tokenHash);
      liveSessions.delete(`${tenant.id}:${tokenHash}`);
    },

    /** The identity behind a token, or null when the token is unknown, expired, or its user is blocked. */
    async authenticate(tenant: Tenant, token: string): Promise<SessionIdentity | null> {
      const now = clock.now();
      const tokenHash = hashSessionToken(token);
      const key = `${tenant.id}:${tokenHash}`;
      const row = await liveSessions.get(key, () => sessions.findActive(tenant.id, tokenHash, now.toISOString()));
      if (row?.role === 'sales') liveSessions.delete(key);
      if (!row || row.is_locked === 1 || row.is_active !== 1 || row.expires_at <= now.toISOString()) return null;
      if (now.getTime() - Date.parse(row.last_seen_at) > touchIntervalMs) {
        // Once per interval: the remembered row keeps its old last_seen_at until it is looked up again.
        row.last_seen_at = now.toISOString();
        await sessions.touch(row.session_id, row.last_seen_at);
      }
      const role = row.role as Role;
      return {
        sessionId: row.session_id,
        userId: row.user_id,
        role,
        // A sales person acts for the chosen customer while they still serve it (served_company_id is the
        // chosen one when sales_person_companies still holds it), otherwise for their own company.
        companyId: role === 'sales' ? (row.served_company_id ?? row.company_id) : row.company_id,
      };
    },

    /**
     * Deletes expired sessions and login attempts older than the throttling window. Idempotent, so
     * every app process may run it on its own schedule.
     */
    async purgeExpired(now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - throttle.windowMinutes * 60 * 1000);
      await sessions.deleteExpired(now.toISOString());
      await attempts.deleteOlderThan(windowStart.toISOString());
      await throttle.purgeExpired(now);
    },

    clearCache,

    /**
     * A new password (POST /api/user/changeCurrentUserPassword and the password form of /my-account):
     * first the password policy and a new password that differs from the current one (400 naming
     * newPassword), then the current password, counted by the login throttle like a sign-in (a stolen
     * session must not try passwords faster than the login form): 422 'password.current.wrong', 429
     * beyond the limits. It ends every session of the user, this one included, and starts a fresh one.
     */
    async changePassword(input: { tenant: Tenant; userId: number; currentPassword: string; newPassword: string; ip: string }) {
      const { tenant, userId, newPassword } = input;
      const user = await users.findById(tenant.id, userId);
      if (!user) throw new AppError('unauthorized', 'error.unauthorized');
      const [problem] = passwordProblems(newPassword, { username: user.username, email: user.email });
      if (problem) throw new AppError('validation', problem, { field: 'newPassword' });
      if (newPassword === input.currentPassword) throw new AppError('validation', 'validation.password_unchanged', { field: 'newPassword' });
      const counted = await takeAttempt(tenant.id, user.username, input.ip);
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new AppError('unprocessable', 'password.current.wrong', { field: 'currentPassword' });
      }
      await throttle.giveBack(tenant.id, counted);
      await users.updatePasswordHash(tenant.id, userId, await hashPassword(newPassword));
      await sessions.deleteSessionsOfUser({ tenantId: tenant.id, userId });
      clearCache();
      return startSession(tenant.id, userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
