import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { actsForCompany, requireAccess, type SignedInContext } from '../access/access-policy.ts';
import type { CheckoutDataRepository } from '../orders/checkout-data.repository.ts';
import type { OrderPlacement, PlaceOrderInput } from '../orders/order-placement.service.ts';
import { InvalidWebhook, onlinePaymentCode, type PaymentProvider, type SessionState } from './payment-provider.ts';
import { payableStates, type PaymentRepository } from './payment.repository.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';

// Paying an order online (docs/product.md, Checkout; ADR 0011), in the provider's hosted checkout:
//  1. createOrder places the order like POST /api/order/create, but awaiting its payment: its stock is
//     allocated, its confirmation mail waits. Then a checkout session is made and its URL answered.
//  2. The provider's webhook is the source of truth: paid → the order is paid and its mail noted;
//     failed → the order may be paid again; each event is applied once (payment.repository.ts).
//     The buyer's return to /thank-you asks the provider too, so the page need not wait for the webhook.
//  3. The buyer whose payment failed pays again (a new session, or the open one) or pays on account.
//  4. An order still unpaid when it is due is cancelled and its stock released (cancelOverdue, run by a
//     background loop in every process). Its sessions are closed at the provider first, so nothing can
//     be paid for an order that is cancelled; a session found paid then makes the order paid instead.

export interface PaymentLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface OnlinePaymentDeps {
  provider: PaymentProvider | null;
  payments: PaymentRepository;
  placement: OrderPlacement;
  checkoutData: CheckoutDataRepository;
  /** Where the provider sends the buyer back: the configured address, never the request's Host header. */
  publicUrl: string;
  log: PaymentLog;
  /** The time sessions are opened at and unpaid orders run out. */
  clock: Clock;
  /** Told after a commit that wrote an ERP event (the order paid or cancelled), to sequence it soon. */
  erpEvents: { afterCommit(): void };
  /** Told after a commit that gave stock back (a cancelled order), so the stock alarms are judged soon. */
  stockGivenBack(): void;
}

/** Stripe keeps a checkout session open for at least 30 minutes and at most 24 hours. */
const sessionMinMs = 31 * 60_000;
const sessionMaxMs = 23 * 60 * 60_000;

function providerUnavailable(error: unknown, log: PaymentLog, details: object): AppError {
  log.warn({ err: error, ...details }, 'payment provider not reachable');
  return new AppError('unavailable', 'payment.provider.unavailable', { details });
}

export function createOnlinePayments(deps: OnlinePaymentDeps) {
  const { payments, log } = deps;

  function providerOrThrow(): PaymentProvider {
    if (!deps.provider) throw new AppError('not_found', 'checkout.payment_method.not_found', { field: 'paymentMethodId' });
    return deps.provider;
  }

  /** The buyer's company's online order that can still be paid; anything else answers like an unknown order. */
  async function payableOrder(ctx: SignedInContext, orderId: number) {
    const order = actsForCompany(ctx) ? await payments.findOnlineOrder(ctx.tenant.id, ctx.identity.companyId, orderId) : undefined;
    if (!order) throw new AppError('not_found', 'order.not_found');
    if (!(payableStates as readonly string[]).includes(order.payment_status ?? '')) {
      throw new AppError('conflict', order.payment_status === 'paid' ? 'payment.already.paid' : 'payment.not.payable', { details: { orderNumber: order.order_number } });
    }
    return order;
  }

  /** The URL where the order is paid: its open session's, or a new session's. */
  async function checkoutUrl(ctx: SignedInContext, orderId: number, action?: 'payment.retried'): Promise<string> {
    const provider = providerOrThrow();
    const order = await payableOrder(ctx, orderId);
    const now = deps.clock.now();
    const open = await payments.openSession(order.tenant_id, order.id, now);
    if (open) return open.url;
    const due = new Date(order.payment_due_at ?? now.toISOString());
    const attempt = (await payments.countSessions(order.tenant_id, order.id)) + 1;
    const expiresAt = new Date(Math.min(now.getTime() + sessionMaxMs, Math.max(due.getTime(), now.getTime() + sessionMinMs)));
    try {
      const session = await provider.createCheckout({
        orderId: order.id,
        tenantId: order.tenant_id,
        orderNumber: order.order_number,
        grossCents: order.gross_total_cents,
        currency: order.currency,
        locale: ctx.locale,
        customerEmail: order.email,
        successUrl: `${deps.publicUrl}/thank-you?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.publicUrl}/order-failed?order=${order.id}`,
        expiresAt,
        idempotencyKey: `order-${order.tenant_id}-${order.id}-attempt-${attempt}`,
      });
      const audit = action ? auditHook(ctx, action, { orderId: order.id, orderNumber: order.order_number }) : undefined;
      await payments.saveSession({ sessionId: session.sessionId, tenantId: order.tenant_id, orderId: order.id, url: session.url, expiresAt: session.expiresAt }, audit);
      return session.url;
    } catch (error) {
      throw providerUnavailable(error, log, { orderId: order.id, orderNumber: order.order_number });
    }
  }

  /** Applies what the provider says of a session; a paid session the order does not match is logged loudly. */
  async function applyState(state: SessionState, eventId: string | null): Promise<void> {
    if (!state.paid) return;
    const outcome = await payments.applyPaid(state, eventId);
    if (outcome === 'paid') deps.erpEvents.afterCommit();
    if (outcome === 'amount_mismatch' || outcome === 'refund_due') log.error({ sessionId: state.sessionId, outcome }, 'payment needs attention');
    if (outcome === 'unknown_session') log.warn({ sessionId: state.sessionId }, 'payment for an unknown session');
  }

  /** Closes the order's open sessions at the provider; answers true when one turned out to be paid. */
  async function closeSessions(tenantId: number, orderId: number): Promise<boolean> {
    const provider = providerOrThrow();
    let paid = false;
    for (const sessionId of await payments.openSessionIds(tenantId, orderId)) {
      const state = await provider.expire(sessionId);
      if (state.paid) {
        await applyState(state, null);
        paid = true;
      } else if (state.status === 'expired') {
        await payments.applyExpired(sessionId, null);
      }
    }
    return paid;
  }

  return {
    get available(): boolean {
      return deps.provider !== null;
    },

    /** POST /api/payment/createOrder: the order awaiting payment, and where to pay it. */
    async createOrder(requestCtx: RequestContext, input: PlaceOrderInput) {
      const ctx = requireAccess(requestCtx, 'buyer');
      providerOrThrow();
      const placed = await deps.placement.placeOrder(ctx, input, 'online');
      const order = placed.order as { orderNumber: string; paymentStatus: string | null };
      // A repeated request for an order paid meanwhile has nothing left to pay: it goes to the thank-you page.
      const redirectUrl = order.paymentStatus === 'paid' ? `${deps.publicUrl}/thank-you?order=${placed.orderId}` : await checkoutUrl(ctx, placed.orderId);
      return { status: placed.status, body: { orderId: placed.orderId, orderNumber: order.orderNumber, redirectUrl } };
    },

    /** Pay again after a failed or abandoned attempt. */
    async retry(requestCtx: RequestContext, orderId: number): Promise<{ redirectUrl: string }> {
      return { redirectUrl: await checkoutUrl(requireAccess(requestCtx, 'buyer'), orderId, 'payment.retried') };
    },

    /** Pay on account instead: answers how the order is paid now ('paid' when an attempt succeeded after all). */
    async payOnAccount(requestCtx: RequestContext, orderId: number, paymentMethodId: number): Promise<'paid' | 'onAccount'> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const method = await deps.checkoutData.findPaymentMethod(ctx.tenant.id, paymentMethodId);
      if (!method) throw new AppError('not_found', 'checkout.payment_method.not_found', { field: 'paymentMethodId' });
      if (method.code === onlinePaymentCode) throw new AppError('unprocessable', 'checkout.payment_method.online', { field: 'paymentMethodId' });
      const order = await payableOrder(ctx, orderId);
      try {
        if (await closeSessions(order.tenant_id, order.id)) return 'paid';
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw providerUnavailable(error, log, { orderId: order.id, orderNumber: order.order_number });
      }
      const name = ctx.locale === 'en' ? method.name_en : method.name_de;
      const audit = auditHook(ctx, 'payment.on_account', { orderId: order.id, orderNumber: order.order_number, paymentMethod: name });
      if (!(await payments.switchToOnAccount(order.tenant_id, order.id, { id: method.id, name }, audit))) throw new AppError('conflict', 'payment.not.payable');
      return 'onAccount';
    },

    /** The buyer is back from the provider: what it says of the order's open sessions is applied now. */
    async confirmReturn(requestCtx: RequestContext, orderId: number): Promise<void> {
      const ctx = requireAccess(requestCtx, 'buyer');
      if (!deps.provider || !actsForCompany(ctx)) return;
      const order = await payments.findOnlineOrder(ctx.tenant.id, ctx.identity.companyId, orderId);
      if (!order || !(payableStates as readonly string[]).includes(order.payment_status ?? '')) return;
      try {
        for (const sessionId of await payments.openSessionIds(order.tenant_id, order.id)) await applyState(await deps.provider.retrieve(sessionId), null);
      } catch (error) {
        // The webhook still brings the answer; the page shows the payment as being processed meanwhile.
        log.warn({ err: error, orderId: order.id }, 'payment provider not reachable on return');
      }
    },

    /** POST /api/payment/webhook: a signed provider event, applied once. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const provider = deps.provider;
      if (!provider) throw new AppError('not_found', 'error.not_found');
      let event;
      try {
        event = await provider.readWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidWebhook) throw new AppError('bad_request', 'payment.webhook.signature');
        throw error;
      }
      if (!event) return;
      if (event.type === 'paid') await applyState(event.session, event.eventId);
      else if (event.type === 'failed') await payments.applyFailed(event.session, event.eventId);
      else await payments.applyExpired(event.session.sessionId, event.eventId);
    },

    /** Cancels the online orders that were not paid in time; answers how many. One round of the background loop. */
    async cancelOverdue(): Promise<number> {
      const now = deps.clock.now();
      let cancelled = 0;
      for (const order of await payments.overdueOrders(now, 50)) {
        try {
          if (deps.provider && (await closeSessions(order.tenant_id, order.id))) continue;
          if (await payments.cancelUnpaid(order.tenant_id, order.id)) {
            cancelled += 1;
            deps.stockGivenBack();
            deps.erpEvents.afterCommit();
          }
        } catch (error) {
          // Never cancel an order whose session might still be paid: it is tried again next round.
          log.warn({ err: error, orderId: order.id }, 'overdue order not cancelled yet');
        }
      }
      return cancelled;
    },
  };
}

export type OnlinePayments = ReturnType<typeof createOnlinePayments>;
