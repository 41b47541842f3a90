import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { ContactMessagePayload } from './contact-mails.ts';
import type { SafetySheetMailPayload } from './safety-sheet-mail.ts';
import type { SignupRequestPayload } from './signup-mails.ts';
import type { StockAlarmMailPayload } from './stock-alarm-mails.ts';

// The mail outbox (migration 0014), read by the mail worker of every app process. Claiming is one
// statement: on PostgreSQL the due rows are locked with SKIP LOCKED, so two processes never claim the
// same row; on SQLite the single writer runs the statement alone. A claim is a lease (claimed_until):
// a process that dies while sending leaves the row to be claimed again once the lease ran out.

/** What the notice of a changed e-mail address says (to the old address), as it was when the change was made. */
export interface EmailChangedPayload {
  fullName: string;
  newEmail: string;
  changedAt: string;
}

/**
 * A mail with a link to set a password: `token` is the raw single-use token of
 * auth/password-token.repository.ts, which the link carries. The worker removes it from the row once the
 * mail is sent (the database keeps only its hash elsewhere); expiresAt is when the link stops working.
 */
export interface PasswordLinkPayload {
  fullName: string;
  username: string;
  token: string;
  expiresAt: string;
}

/** The reset link a user asked for (POST /api/user/sendResetPasswordEmail), valid 2 hours. */
export type PasswordResetPayload = PasswordLinkPayload;

/** A customer admin's invitation of a new company user to set a password, valid 7 days. */
export interface UserInvitationPayload extends PasswordLinkPayload {
  companyName: string;
  /** The full name of the admin who invited them. */
  invitedBy: string;
}

/** The mails the shop sends and what each one's row carries (migration 0024). */
export type OutboxMail =
  | { kind: 'order_confirmation'; orderId: number }
  | { kind: 'email_changed'; payload: EmailChangedPayload }
  | { kind: 'password_reset'; payload: PasswordResetPayload }
  | { kind: 'user_invitation'; payload: UserInvitationPayload }
  | { kind: 'signup_confirmation'; payload: SignupRequestPayload }
  | { kind: 'signup_notification'; payload: SignupRequestPayload }
  | { kind: 'contact_message'; payload: ContactMessagePayload }
  | { kind: 'contact_copy'; payload: ContactMessagePayload }
  | { kind: 'stock_alarm'; payload: StockAlarmMailPayload }
  | { kind: 'stock_alarm_digest'; payload: StockAlarmMailPayload }
  | { kind: 'safety_sheet'; payload: SafetySheetMailPayload };
export type MailKind = OutboxMail['kind'];

export interface ClaimedMail {
  id: number;
  tenant_id: number;
  kind: string;
  order_id: number | null;
  payload: string | null;
  recipient: string;
  locale: string;
  attempts: number;
}

/**
 * Notes a mail to send, in the transaction of the change it tells of (`db` is that transaction): a rolled
 * back change sends nothing, a committed one always has its mail noted.
 */
export async function queueMail(db: Executor, to: MailRecipient, mail: OutboxMail): Promise<void> {
  await queueMails(db, [{ to, mail }]);
}

/** Whom a mail goes to, and in which language. */
export interface MailRecipient {
  tenantId: number;
  recipient: string;
  locale: string;
}

// Each outbox row binds 7 values: 500 rows stay far below both engines' limits on bound values.
const mailsPerInsert = 500;

/** Notes several mails at once (queueMail above), one statement per 500. */
export async function queueMails(db: Executor, mails: readonly { to: MailRecipient; mail: OutboxMail }[]): Promise<void> {
  const nextAttemptAt = new Date().toISOString();
  for (let start = 0; start < mails.length; start += mailsPerInsert) {
    await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(start, start + mailsPerInsert).map(({ to, mail }) => ({
          tenant_id: to.tenantId,
          kind: mail.kind,
          order_id: mail.kind === 'order_confirmation' ? mail.orderId : null,
          payload: mail.kind === 'order_confirmation' ? null : JSON.stringify(mail.payload),
          recipient: to.recipient,
          locale: to.locale,
          next_attempt_at: nextAttemptAt,
        })),
      )
      .execute();
  }
}

export function createMailOutboxRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** Claims up to `limit` due rows until `now + leaseMs`; answers them in id order. */
    async claimDue(limit: number, leaseMs: number, now = new Date()): Promise<ClaimedMail[]> {
      const nowIso = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const rows = await db
        .updateTable('mail_outbox')
        .set({ claimed_until: until })
        .where('id', 'in', () => {
          const due = db
            .selectFrom('mail_outbox as due')
            .select('due.id')
            .where('due.sent_at', 'is', null)
            .where('due.next_attempt_at', '<=', nowIso)
            .where((eb) => eb.or([eb('due.claimed_until', 'is', null), eb('due.claimed_until', '<', nowIso)]))
            .orderBy('due.id')
            .limit(limit);
          return isPostgres ? due.forUpdate().skipLocked() : due;
        })
        .returning(['id', 'tenant_id', 'kind', 'order_id', 'payload', 'recipient', 'locale', 'attempts'])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /**
     * Marks a mail sent. `keptPayload`, when given, replaces the row's payload in the same statement: a
     * mail that carried a secret (a password link) keeps what it said without it.
     */
    async markSent(id: number, now = new Date(), keptPayload?: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: now.toISOString(), claimed_until: null, last_error: null, ...(keptPayload !== undefined ? { payload: keptPayload } : {}) })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** Notes a failed attempt; the row is due again at `nextAttemptAt`. */
    async markFailed(id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt.toISOString(), claimed_until: null, last_error: error.slice(0, 2000) })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** The shop's sender and the contact data its mails show: the tenant's seller company. */
    findSender(tenantId: number) {
      return db
        .selectFrom('seller_companies')
        .select(['name', 'email', 'phone', 'address', 'post_code', 'city', 'country_name', 'logo_url'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
