import { defaultLocale } from '../../../core/locale.ts';
import type { Executor } from '../../db/database.ts';
import { queueMail, queueMails } from '../mail/mail-outbox.repository.ts';
import { issuePasswordToken, issuePasswordTokens } from './password-token.repository.ts';

// A new single-use link and the mail that carries it, in the caller's transaction: the token is
// issued (voiding the user's earlier links) and the mail queued together, so a rolled back change leaves
// neither, and a committed one always has its mail on the way. The raw token travels in the outbox row
// only until the mail is sent (mail-worker.ts removes it).

/** Whom the link is for: the user's row as the caller read it. */
export interface LinkRecipient {
  id: number;
  username: string;
  email: string;
  fullName: string;
  /** The user's chosen language; null for the shop's default. */
  locale: string | null;
}

/** Issues a reset token (valid 2 hours) and queues the 'password_reset' mail to the user's address. */
export async function queuePasswordResetMail(db: Executor, input: { tenantId: number; user: LinkRecipient; now: Date }): Promise<{ expiresAt: string }> {
  const { tenantId, user } = input;
  const { token, expiresAt } = await issuePasswordToken(db, { tenantId, userId: user.id, purpose: 'reset', now: input.now });
  await queueMail(
    db,
    { tenantId, recipient: user.email, locale: user.locale ?? defaultLocale },
    { kind: 'password_reset', payload: { fullName: user.fullName, username: user.username, token, expiresAt } },
  );
  return { expiresAt };
}

/**
 * Issues an invitation token (valid 7 days) and queues the 'user_invitation' mail: `companyName` is the
 * company the user was created for, `invitedBy` the full name of the customer admin who did it.
 */
export async function queueInvitationMail(
  db: Executor,
  input: { tenantId: number; user: LinkRecipient; companyName: string; invitedBy: string; now: Date },
): Promise<{ expiresAt: string }> {
  const [issued] = await queueInvitationMails(db, { tenantId: input.tenantId, invitations: [input], now: input.now });
  return issued!;
}

/** The invitations of several users at once (queueInvitationMail above): the ERP's new users of one request. */
export async function queueInvitationMails(
  db: Executor,
  input: { tenantId: number; invitations: readonly { user: LinkRecipient; companyName: string; invitedBy: string }[]; now: Date },
): Promise<{ expiresAt: string }[]> {
  const { tenantId, invitations } = input;
  const tokens = await issuePasswordTokens(db, { tenantId, userIds: invitations.map(({ user }) => user.id), purpose: 'invitation', now: input.now });
  await queueMails(
    db,
    invitations.map(({ user, companyName, invitedBy }) => {
      const { token, expiresAt } = tokens.get(user.id)!;
      return {
        to: { tenantId, recipient: user.email, locale: user.locale ?? defaultLocale },
        mail: { kind: 'user_invitation', payload: { fullName: user.fullName, username: user.username, token, expiresAt, companyName, invitedBy } },
      };
    }),
  );
  return invitations.map(({ user }) => ({ expiresAt: tokens.get(user.id)!.expiresAt }));
}
