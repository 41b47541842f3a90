import { defaultLocale } from '../../../core/locale.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { emailKeyOf } from '../../http/field-schemas.ts';
import type { RequestThrottle } from '../auth/request-throttle.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SignupInput } from './signup-input.ts';
import type { SignupRepository } from './signup.repository.ts';

// A request for a customer account (POST /api/user/requestAccount and /signup; docs/product.md, Signup), from
// someone who has no account yet, so no session is needed. In this order:
//  1. the tenant takes requests (site setting acceptSignupRequests; otherwise 403 'signup.blocked');
//  2. the throttles (429 'signup.too_many_requests'): at most `perIp` requests per client address and
//     `perEmail` per e-mail address within the request throttle's window (request-throttle.ts, the one
//     of sign-ins), under their own subjects;
//  3. the address: one that already has an account is told to contact the sales manager (409
//     'signup.error.account_exists'), one with an open request that it is being dealt with (409
//     'signup.error.duplicate'), nothing stored;
//  4. the request is stored with status 'new' and its two mails are queued, in one transaction.
// Step 3 tells whether an address is known to the shop. The spec wants these answers; the throttles keep
// them from being used to scan addresses: a scan from one client address gets `perIp` answers per window.

/** Requests per window from one client address: an office may register a few companies, not dozens. */
export const signupPerIp = 10;
/** Requests per window for one e-mail address. */
export const signupPerEmail = 3;

export function createSignupService(deps: {
  signups: SignupRepository;
  throttle: RequestThrottle;
  settings: Pick<SettingsService, 'getConfiguration'>;
  /** Told after a commit that wrote an ERP event, to sequence it soon (ADR 0021). */
  erpEvents: { afterCommit(): void };
}) {
  const { signups, throttle, settings } = deps;

  /** Whether the tenant takes signup requests now (the page shows the form, or says it does not). */
  async function isAccepting(ctx: Pick<RequestContext, 'tenant' | 'locale'>): Promise<boolean> {
    return (await settings.getConfiguration(ctx)).acceptSignupRequests;
  }

  return {
    async requestAccount(ctx: Pick<RequestContext, 'tenant' | 'locale'>, input: SignupInput, ip: string): Promise<{ status: 'received' }> {
      if (!(await isAccepting(ctx))) throw new AppError('forbidden', 'signup.blocked');
      const limits = [[`signup-ip:${ip}`, signupPerIp], [`signup-email:${emailKeyOf(input.email)}`, signupPerEmail]] as const;
      await throttle.take(ctx.tenant.id, limits, 'signup.too_many_requests');
      const sellerEmail = await signups.findSellerEmail(ctx.tenant.id);
      const { privacyAccepted: _accepted, ...fields } = input;
      const result = await signups.create(
        { ...fields, tenantId: ctx.tenant.id, locale: ctx.locale, ip },
        // The seller reads the shop's own language.
        sellerEmail ? { recipient: sellerEmail, locale: defaultLocale } : null,
      );
      if (result.outcome === 'account_exists') throw new AppError('conflict', 'signup.error.account_exists', { field: 'email' });
      if (result.outcome === 'duplicate') throw new AppError('conflict', 'signup.error.duplicate', { field: 'email' });
      deps.erpEvents.afterCommit();
      return { status: 'received' };
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
