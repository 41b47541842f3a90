// What the shop needs from an online payment provider (ADR 0011). Stripe Checkout is the one
// adapter (stripe-provider.ts); another provider is another adapter, the order side stays the same.

/** The provider's own code in payment_methods.code: the method that is paid online through it. */
export const onlinePaymentCode = 'stripe';

export interface CheckoutRequest {
  orderId: number;
  tenantId: number;
  orderNumber: string;
  grossCents: number;
  currency: string;
  locale: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The same key for the same attempt: a retried call never makes a second session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** A session as the provider sees it now. */
export interface SessionState {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
}

/** A verified provider event that concerns an order's payment; other event types are ignored. */
export interface PaymentEvent {
  eventId: string;
  type: 'paid' | 'failed' | 'expired';
  session: SessionState;
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieve(sessionId: string): Promise<SessionState>;
  /** Closes an open session so it can no longer be paid; answers the state after. */
  expire(sessionId: string): Promise<SessionState>;
  /** Verifies the signature (throws InvalidWebhook) and reads the event; null for event types the shop ignores. */
  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
}

export class InvalidWebhook extends Error {}
