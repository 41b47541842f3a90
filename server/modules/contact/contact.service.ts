import { defaultLocale } from '../../../core/locale.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { emailKeyOf } from '../../http/field-schemas.ts';
import type { Clock } from '../../lib/clock.ts';
import { isActingSalesPerson } from '../access/access-policy.ts';
import type { RequestThrottle } from '../auth/request-throttle.ts';
import type { ContactSender } from '../mail/contact-mails.ts';
import { writesAsAccount, type ContactInput } from './contact-input.ts';
import type { ContactRepository } from './contact.repository.ts';

// A message through the contact form (POST /api/contact and /static/contact-us; docs/product.md, Contact
// form), from anyone: no session is needed. In this order:
//  1. the seller has an address to write to (seller_companies.email; otherwise 403 'contact.unavailable');
//  2. who writes: a signed-in full account is named by the account (its name, e-mail address and company,
//     and for a sales person the customer they act for), whatever the message says; a visitor or the
//     shared guest by the name and e-mail address the message carries;
//  3. the throttles (429 'contact.too_many_requests'): at most `contactPerIp` messages per client address
//     and `contactPerEmail` per sender's e-mail address within the request throttle's window
//     (request-throttle.ts, the one of sign-ins), under their own subjects;
//  4. the message to the seller (in the shop's language, replies going to the sender) and its copy to the
//     sender (in the page's language) are queued together.
// A refusal queues nothing. The throttles keep the form from being used to send mail to any address: the
// copy goes to whatever address a visitor types.

/** Messages per window from one client address: a person writes a few, not dozens. */
export const contactPerIp = 5;
/** Messages per window from one e-mail address (the copies it receives). */
export const contactPerEmail = 3;

export function createContactService(deps: { contacts: ContactRepository; throttle: RequestThrottle; clock: Clock }) {
  const { contacts, throttle, clock } = deps;

  /** The signed-in full account as the sender; null for a visitor or the shared guest. */
  async function accountSenderOf(ctx: RequestContext): Promise<ContactSender | null> {
    const { identity } = ctx;
    if (!identity || !writesAsAccount(ctx)) return null;
    const actingCompanyId = isActingSalesPerson(identity) ? identity.companyId : null;
    return (await contacts.findAccountSender(ctx.tenant.id, identity.userId, actingCompanyId)) ?? null;
  }

  return {
    /** Whether the form is offered: the seller has an address to write to. */
    async isAvailable(ctx: Pick<RequestContext, 'tenant'>): Promise<boolean> {
      return (await contacts.findSellerEmail(ctx.tenant.id)) !== null;
    },

    /** Who the page shows as the sender of a signed-in full account (its name and e-mail address); null for others. */
    async accountSender(ctx: RequestContext): Promise<Pick<ContactSender, 'name' | 'email'> | null> {
      const sender = await accountSenderOf(ctx);
      return sender ? { name: sender.name, email: sender.email } : null;
    },

    /** Sends the message; answers the address the sender's copy goes to (the page names it). */
    async send(ctx: RequestContext, input: ContactInput, ip: string): Promise<{ status: 'sent'; copyTo: string }> {
      const sellerEmail = await contacts.findSellerEmail(ctx.tenant.id);
      if (sellerEmail === null) throw new AppError('forbidden', 'contact.unavailable');
      const sender = (await accountSenderOf(ctx)) ?? (input.from && { ...input.from, company: null, actingFor: null });
      // A visitor's message is parsed with their name and e-mail address (contact-input.ts); without them nobody could answer.
      if (!sender) throw new AppError('validation', 'validation.required', { field: 'name' });
      const limits = [[`contact-ip:${ip}`, contactPerIp], [`contact-email:${emailKeyOf(sender.email)}`, contactPerEmail]] as const;
      await throttle.take(ctx.tenant.id, limits, 'contact.too_many_requests');
      await contacts.queue(
        ctx.tenant.id,
        { sentAt: clock.now().toISOString(), subject: input.subject, message: input.message, sender, locale: ctx.locale },
        // The seller reads the shop's own language.
        { seller: { recipient: sellerEmail, locale: defaultLocale }, sender: { recipient: sender.email, locale: ctx.locale } },
      );
      return { status: 'sent', copyTo: sender.email };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
