import type { Clock } from '../../lib/clock.ts';
import { createBackgroundLoop } from '../../lib/background-loop.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { ErpEventFeed } from '../erp-events/erp-events.service.ts';

// Deletes what has expired: sessions past their end, login attempts and throttle counters past their
// window, password links past their expiry, the ERP's events past their 30 days; without it these tables only grow. Every step is
// idempotent, so every app process runs the rounds on its own schedule (HOUSEKEEPING_MS, started in
// app.ts; tests run a round with runNow()).

export interface HousekeepingLog {
  warn(details: object, message: string): void;
}

export function createHousekeeping(deps: {
  clock: Clock;
  auth: Pick<AuthService, 'purgeExpired'>;
  passwordReset: Pick<PasswordResetService, 'purgeExpired'>;
  erpEvents: Pick<ErpEventFeed, 'purgeExpired'>;
  pauseMs: number;
  log: HousekeepingLog;
}) {
  const steps = [(now: Date) => deps.auth.purgeExpired(now), (now: Date) => deps.passwordReset.purgeExpired(now), (now: Date) => deps.erpEvents.purgeExpired(now)];
  return createBackgroundLoop({
    async runRound() {
      const now = deps.clock.now();
      // One failing step (a database hiccup) leaves the others to do their part.
      for (const step of steps) await step(now).catch((error: unknown) => deps.log.warn({ err: error }, 'housekeeping failed'));
    },
    pauseMs: () => deps.pauseMs,
  });
}
