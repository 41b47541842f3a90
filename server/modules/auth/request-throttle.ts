import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';

// The one throttle for what could be used to guess passwords, scan for known addresses or send mail to any
// address: sign-in and password change (auth.service.ts), the password reset (password-reset.service.ts),
// signup requests (signup.service.ts) and contact messages (contact.service.ts). Each counts under its own
// subjects ('user:…', 'reset-mail:…', 'signup-ip:…', 'contact-ip:…') in the login_throttle table and its one
// window (LOGIN_WINDOW_MINUTES), purged by the same housekeeping.

/** A subject to count against and the most requests it may make in one window. */
export type ThrottleLimit = readonly [subject: string, limit: number];

export function createRequestThrottle(repository: LoginThrottleRepository, windowMinutes: number, clock: Clock) {
  const windowStartOf = (now: Date) => new Date(now.getTime() - windowMinutes * 60_000).toISOString();

  return {
    windowMinutes,

    /**
     * Counts one request against every subject and refuses it (429 `messageKey`, with the window's minutes)
     * when any subject is beyond its limit; answers the subjects counted, for the caller to give back when
     * the request turns out not to count (a successful sign-in, a right token). Counted first, checked
     * after: parallel requests each see their own count, never a shared stale one.
     */
    async take(tenantId: number, limits: readonly ThrottleLimit[], messageKey: string): Promise<string[]> {
      const now = clock.now();
      const window = { tenantId, now: now.toISOString(), windowStart: windowStartOf(now) };
      const subjects = limits.map(([subject]) => subject);
      const counts = await Promise.all(subjects.map((subject) => repository.take({ ...window, subject })));
      if (counts.some((count, index) => count > limits[index]![1])) {
        // A refused request did nothing: the counters keep counting the requests that were answered.
        await repository.giveBack({ tenantId, subjects });
        throw new AppError('too_many_requests', messageKey, { params: { minutes: windowMinutes } });
      }
      return subjects;
    },

    giveBack(tenantId: number, subjects: readonly string[]): Promise<void> {
      return repository.giveBack({ tenantId, subjects });
    },

    /** Deletes the counters whose window has passed (housekeeping); idempotent. */
    purgeExpired(now: Date): Promise<void> {
      return repository.deleteOlderThan(windowStartOf(now));
    },
  };
}

export type RequestThrottle = ReturnType<typeof createRequestThrottle>;
