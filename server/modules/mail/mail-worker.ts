import { createBackgroundLoop } from '../../lib/background-loop.ts';
import { isLocale, defaultLocale, type Locale } from '../../../core/locale.ts';
import type { Database } from '../../db/database.ts';
import { createOrderRepository } from '../orders/order.repository.ts';
import { toOrderView } from '../orders/order-view.ts';
import { renderContactCopy, renderContactMessage, type ContactMessagePayload } from './contact-mails.ts';
import { renderEmailChanged } from './email-changed-mail.ts';
import { absoluteLogoUrl, type RenderedMail, type ShopIdentity } from './mail-layout.ts';
import type { ClaimedMail, EmailChangedPayload, MailKind, MailOutboxRepository, PasswordResetPayload, UserInvitationPayload } from './mail-outbox.repository.ts';
import type { MailSender } from './mail-sender.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { withoutToken } from './password-link.ts';
import { renderPasswordReset } from './password-reset-mail.ts';
import { renderSafetySheet, type SafetySheetMailPayload } from './safety-sheet-mail.ts';
import { renderSignupConfirmation, renderSignupNotification, type SignupRequestPayload } from './signup-mails.ts';
import { renderStockAlarm, renderStockAlarmDigest, type StockAlarmMailPayload } from './stock-alarm-mails.ts';
import { renderUserInvitation } from './user-invitation-mail.ts';
import type { Clock } from '../../lib/clock.ts';

// Drains the mail outbox in every app process (docs/product.md, Mail): every interval it claims up to
// `batchSize` due rows (safely across processes, see mail-outbox.repository.ts), sends them and marks
// them sent. A failed send is retried with a growing pause (30 s × 2^attempts, at most an hour); rows
// written before a crash or restart are still due and go out then. Delivery is at least once: only a
// process dying between the SMTP server's acceptance and the "sent" mark sends a mail twice.

export interface MailWorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  outbox: MailOutboxRepository;
  sender: MailSender;
  publicUrl: string;
  intervalMs: number;
  log: MailWorkerLog;
  /** The time claims, retries and sends are judged by (the app's: a test moves it past a dead process's lease). */
  clock: Clock;
  batchSize?: number;
  /** How long a claim holds; a send must finish well within it (the sender's timeouts do). */
  leaseMs?: number;
  /** The pause before the first retry; doubled with every failed attempt, capped at maxRetryPauseMs. */
  retryBaseMs?: number;
  maxRetryPauseMs?: number;
}

export function retryPauseMs(attempts: number, baseMs = 30_000, maxMs = 3_600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createMailWorker(options: MailWorkerOptions) {
  const { db, outbox, sender, log } = options;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 60_000;
  const messageIdHost = new URL(options.publicUrl).hostname;
  const orders = createOrderRepository(db);
  let closing = false;
  const sendFailedListeners: ((kind: string) => void)[] = [];

  async function orderConfirmation(mail: ClaimedMail, locale: Locale, shop: ShopIdentity) {
    const orderId = mail.order_id;
    const company = orderId !== null ? await orders.findOrderCompany(mail.tenant_id, orderId) : undefined;
    const order = company && orderId !== null && (await orders.findOrder(mail.tenant_id, company.company_id, orderId));
    if (!order) throw new Error(`order ${mail.order_id} not found`);
    const [items, notes] = await Promise.all([orders.findItems(mail.tenant_id, [order.id]), orders.findNotes(mail.tenant_id, [order.id])]);
    return renderOrderConfirmation(toOrderView(order, items, notes), { locale, publicUrl: options.publicUrl, shop });
  }

  /** The mail's content by its kind; a kind this worker cannot render fails (and is retried, then noted). */
  async function render(mail: ClaimedMail) {
    const seller = await outbox.findSender(mail.tenant_id);
    const shop: ShopIdentity = {
      name: seller?.name ?? 'Shop',
      email: seller?.email ?? 'noreply@localhost',
      phone: seller?.phone || null,
      address: seller ? [seller.address, `${seller.post_code} ${seller.city}`.trim(), seller.country_name] : [],
      logoUrl: absoluteLogoUrl(seller?.logo_url ?? null, options.publicUrl),
    };
    const locale = isLocale(mail.locale) ? mail.locale : defaultLocale;
    const kind = mail.kind as MailKind;
    let content: RenderedMail;
    if (kind === 'order_confirmation') content = await orderConfirmation(mail, locale, shop);
    else if (kind === 'email_changed') content = renderEmailChanged(JSON.parse(mail.payload ?? 'null') as EmailChangedPayload, { locale, shop });
    else if (kind === 'password_reset') content = renderPasswordReset(JSON.parse(mail.payload ?? 'null') as PasswordResetPayload, { locale, shop, publicUrl: options.publicUrl });
    else if (kind === 'user_invitation') content = renderUserInvitation(JSON.parse(mail.payload ?? 'null') as UserInvitationPayload, { locale, shop, publicUrl: options.publicUrl });
    else if (kind === 'signup_confirmation') content = renderSignupConfirmation(JSON.parse(mail.payload ?? 'null') as SignupRequestPayload, { locale, shop });
    else if (kind === 'signup_notification') content = renderSignupNotification(JSON.parse(mail.payload ?? 'null') as SignupRequestPayload, { locale, shop });
    else if (kind === 'contact_message') content = renderContactMessage(JSON.parse(mail.payload ?? 'null') as ContactMessagePayload, { locale, shop });
    else if (kind === 'contact_copy') content = renderContactCopy(JSON.parse(mail.payload ?? 'null') as ContactMessagePayload, { locale, shop });
    else if (kind === 'stock_alarm') content = renderStockAlarm(JSON.parse(mail.payload ?? 'null') as StockAlarmMailPayload, { locale, shop, publicUrl: options.publicUrl });
    else if (kind === 'stock_alarm_digest') content = renderStockAlarmDigest(JSON.parse(mail.payload ?? 'null') as StockAlarmMailPayload, { locale, shop, publicUrl: options.publicUrl });
    else if (kind === 'safety_sheet') content = renderSafetySheet(JSON.parse(mail.payload ?? 'null') as SafetySheetMailPayload, { locale, shop, publicUrl: options.publicUrl });
    else throw new Error(`mail kind ${mail.kind} cannot be rendered`);
    return { from: { name: shop.name, address: shop.email }, to: mail.recipient, messageId: `<mail-${mail.tenant_id}-${mail.id}@${messageIdHost}>`, ...content };
  }

  /**
   * What a sent mail's row keeps of its payload: a password link's raw token goes (the row is written in
   * the transaction that issued the token and must carry it to the worker, but no longer than that; an
   * unsent row's token is only as good as the link, which expires). Undefined: the payload stays.
   */
  function keptPayload(mail: ClaimedMail): string | undefined {
    if ((mail.kind === 'password_reset' || mail.kind === 'user_invitation') && mail.payload !== null) {
      return JSON.stringify(withoutToken(JSON.parse(mail.payload) as PasswordResetPayload));
    }
    return undefined;
  }

  async function deliver(mail: ClaimedMail): Promise<boolean> {
    try {
      await sender.send(await render(mail));
    } catch (error) {
      const attempts = mail.attempts + 1;
      const pause = retryPauseMs(attempts, options.retryBaseMs, options.maxRetryPauseMs);
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, mailId: mail.id, orderId: mail.order_id, attempts, retryInMs: pause }, 'mail not sent; retrying later');
      for (const listener of sendFailedListeners) listener(mail.kind);
      await outbox.markFailed(mail.id, attempts, new Date(options.clock.now().getTime() + pause), message);
      return false;
    }
    await outbox.markSent(mail.id, options.clock.now(), keptPayload(mail));
    log.info({ mailId: mail.id, kind: mail.kind, orderId: mail.order_id }, 'mail sent');
    return true;
  }

  /** One round: claims due rows in batches until none are left; answers how many were sent. */
  async function runRound(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const claimed = await outbox.claimDue(batchSize, leaseMs, options.clock.now());
        for (const mail of claimed) if (await deliver(mail)) sent += 1;
        if (claimed.length < batchSize || closing) break;
      }
    } catch (error) {
      log.error({ err: error }, 'mail outbox round failed');
    }
    return sent;
  }

  const loop = createBackgroundLoop({ runRound, pauseMs: () => options.intervalMs });

  return {
    start(): void {
      closing = false;
      loop.start();
    },

    /** Stops polling, waits for the round under way and closes the transport. */
    async stop(): Promise<void> {
      closing = true;
      await loop.stop();
      sender.close();
    },

    /** Sends what is due now (after the round under way); answers how many were sent. For tests. */
    drainOnce(): Promise<number> {
      return loop.runNow();
    },

    /** Tells `listener` the kind of every mail this process failed to send (the metrics count them). */
    onSendFailed(listener: (kind: string) => void): void {
      sendFailedListeners.push(listener);
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
