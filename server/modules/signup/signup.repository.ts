import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { emailKeyOf } from '../../http/field-schemas.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { findSellerEmail } from '../mail/seller-email.repository.ts';
import type { SignupRequestPayload } from '../mail/signup-mails.ts';
import { recordErpEvent } from '../erp-events/erp-event.repository.ts';

// The signup requests (migration 0027) and their two mails, written together or not at all.

/** A request to store: what its mails tell (they get its number and date once stored), its tenant and client address. */
export interface NewSignupRequest extends Omit<SignupRequestPayload, 'requestId' | 'receivedAt'> {
  tenantId: number;
  ip: string;
}

export type SignupOutcome = { outcome: 'created'; id: number } | { outcome: 'account_exists' } | { outcome: 'duplicate' };

export function createSignupRepository(db: Database) {
  return {
    /**
     * Stores a request and queues the confirmation to the requester (in the request's language) and the
     * notification to the seller (`notify`: its address and language; none when the seller has no
     * address), in one transaction. An address that already has an account, or an open request, is
     * refused with nothing written; two requests for one address at once are kept apart by the unique
     * index over open requests (the second one's insert does nothing).
     */
    async create(request: NewSignupRequest, notify: { recipient: string; locale: string } | null): Promise<SignupOutcome> {
      const emailKey = emailKeyOf(request.email);
      return db.transaction().execute(async (trx): Promise<SignupOutcome> => {
        const account = await trx
          .selectFrom('users')
          .select('id')
          .where('tenant_id', '=', request.tenantId)
          .where(sql<string>`lower(email)`, '=', emailKey)
          .executeTakeFirst();
        if (account) return { outcome: 'account_exists' };
        const inserted = await trx
          .insertInto('signup_requests')
          .values({
            tenant_id: request.tenantId,
            company_name: request.companyName,
            vat_id: request.vatId,
            customer_no: request.customerNo,
            street: request.street,
            zip_code: request.zipCode,
            city: request.city,
            country_code: request.countryCode,
            first_name: request.firstName,
            last_name: request.lastName,
            email: request.email,
            email_key: emailKey,
            phone: request.phone,
            message: request.message,
            locale: request.locale,
            ip: request.ip,
          })
          // A literal predicate: PostgreSQL matches it to the partial unique index of migration 0027.
          .onConflict((conflict) => conflict.columns(['tenant_id', 'email_key']).where(sql<boolean>`status = 'new'`).doNothing())
          .returning(['id', 'created_at'])
          .executeTakeFirst();
        if (!inserted) return { outcome: 'duplicate' };
        const { tenantId, ip: _ip, ...fields } = request;
        const payload: SignupRequestPayload = { ...fields, requestId: inserted.id, receivedAt: inserted.created_at };
        await queueMail(trx, { tenantId, recipient: request.email, locale: request.locale }, { kind: 'signup_confirmation', payload });
        if (notify) await queueMail(trx, { tenantId, recipient: notify.recipient, locale: notify.locale }, { kind: 'signup_notification', payload });
        await recordErpEvent(trx, { tenantId, type: 'signupRequest.created', data: { id: inserted.id }, occurredAt: inserted.created_at });
        return { outcome: 'created', id: inserted.id };
      });
    },

    /** The seller's contact address, where the notification goes. */
    findSellerEmail: (tenantId: number): Promise<string | null> => findSellerEmail(db, tenantId),
  };
}

export type SignupRepository = ReturnType<typeof createSignupRepository>;
