import type { Database } from '../../db/database.ts';
import type { ContactCompany, ContactMessagePayload, ContactSender } from '../mail/contact-mails.ts';
import { queueMails, type MailRecipient } from '../mail/mail-outbox.repository.ts';
import { findSellerEmail } from '../mail/seller-email.repository.ts';

// A contact message is stored nowhere but in its two mails (mail/contact-mails.ts): what they need of the
// database is who a signed-in account is, where the seller's mail goes, and the outbox.

/** Whom a mail of the message goes to, and in which language (the tenant is the message's). */
type Addressee = Omit<MailRecipient, 'tenantId'>;

/** A company row (left joined: its columns null where there is none) as the mail names it. */
const companyOf = (row: { name: string | null; customer_no: string | null } | undefined): ContactCompany | null =>
  row?.name != null && row.customer_no != null ? { name: row.name, customerNo: row.customer_no } : null;

export function createContactRepository(db: Database) {
  return {
    /**
     * Queues the message to the seller and its copy to the sender. One statement writes both rows, so it
     * is one transaction: both mails go out, or neither.
     */
    async queue(tenantId: number, contact: ContactMessagePayload, to: { seller: Addressee; sender: Addressee }): Promise<void> {
      await queueMails(db, [
        { to: { tenantId, ...to.seller }, mail: { kind: 'contact_message', payload: contact } },
        { to: { tenantId, ...to.sender }, mail: { kind: 'contact_copy', payload: contact } },
      ]);
    },

    /**
     * A signed-in account as the sender of a message: its name and e-mail address, its company, and the
     * customer company it acts for (`actingCompanyId`, a sales person's; null for everyone else).
     * Undefined for a user of another tenant or one who is gone.
     */
    async findAccountSender(tenantId: number, userId: number, actingCompanyId: number | null): Promise<ContactSender | undefined> {
      const [user, acting] = await Promise.all([
        db
          .selectFrom('users')
          .leftJoin('companies', (join) => join.onRef('companies.id', '=', 'users.company_id').onRef('companies.tenant_id', '=', 'users.tenant_id'))
          .select(['users.first_name', 'users.last_name', 'users.email', 'companies.name', 'companies.customer_no'])
          .where('users.tenant_id', '=', tenantId)
          .where('users.id', '=', userId)
          .executeTakeFirst(),
        actingCompanyId === null
          ? undefined
          : db.selectFrom('companies').select(['name', 'customer_no']).where('tenant_id', '=', tenantId).where('id', '=', actingCompanyId).executeTakeFirst(),
      ]);
      if (!user) return undefined;
      return {
        name: `${user.first_name} ${user.last_name}`.trim(),
        email: user.email,
        company: companyOf(user),
        actingFor: companyOf(acting),
      };
    },

    /** The seller's contact address, where the message goes. */
    findSellerEmail: (tenantId: number): Promise<string | null> => findSellerEmail(db, tenantId),
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
