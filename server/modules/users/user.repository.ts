import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import { defaultLocale } from '../../../core/locale.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import type { StockMail } from '../../../core/stock-mail.ts';

/** The profile fields a user changes themselves; a field left out stays as it is. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  locale?: string;
  stockMail?: StockMail;
}

// Thrown inside the profile's transaction to roll it back when the e-mail address is taken.
class EmailTaken extends Error {}

export function createUserRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';

  return {
    findCredentials(tenantId: number, username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'is_active', 'is_locked', 'role'])
        .where('tenant_id', '=', tenantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    findById(tenantId: number, userId: number) {
      return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    },

    findCompany(tenantId: number, companyId: number) {
      return db
        .selectFrom('companies')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', companyId)
        .executeTakeFirst();
    },

    listAddresses(tenantId: number, companyId: number) {
      return db
        .selectFrom('addresses')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute();
    },

    /**
     * Changes a user's profile in one transaction; answers 'email_taken' (nothing written) when another
     * user of the tenant has the new e-mail address, compared without regard to case. The users table
     * has no unique index on e-mail (imported accounts may share one), so two users taking the same new
     * address at once are kept apart here: the row is written first and the check follows under that
     * write (SQLite runs one writer at a time), and on PostgreSQL a transaction lock on the address
     * makes the second writer wait for the first one's commit, then see it. A changed address queues a
     * notice to the old one in the same transaction (mail/email-changed-mail.ts).
     */
    async updateProfile(tenantId: number, userId: number, changes: ProfileChanges): Promise<'updated' | 'email_taken'> {
      const email = changes.email;
      try {
        await db.transaction().execute(async (trx) => {
          if (email !== undefined && isPostgres) {
            await sql`select pg_advisory_xact_lock(hashtext(${`user-email:${tenantId}:${email.toLowerCase()}`}))`.execute(trx);
          }
          // The address before the change, to tell it of the change.
          const before =
            email === undefined
              ? undefined
              : await trx.selectFrom('users').select(['email', 'first_name', 'last_name', 'locale']).where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
          await trx
            .updateTable('users')
            .set({
              ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
              ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
              ...(email !== undefined ? { email } : {}),
              ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
              ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
              ...(changes.stockMail !== undefined ? { stock_mail: changes.stockMail } : {}),
            })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', userId)
            .execute();
          if (email === undefined) return;
          const other = await trx
            .selectFrom('users')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('id', '!=', userId)
            .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
            .executeTakeFirst();
          if (other) throw new EmailTaken();
          // The old address hears of the change (a new spelling of the same address is no change).
          if (before?.email && before.email.toLowerCase() !== email.toLowerCase()) {
            const fullName = [changes.firstName ?? before.first_name, changes.lastName ?? before.last_name].filter(Boolean).join(' ');
            await queueMail(
              trx,
              { tenantId, recipient: before.email, locale: changes.locale ?? before.locale ?? defaultLocale },
              { kind: 'email_changed', payload: { fullName, newEmail: email, changedAt: new Date().toISOString() } },
            );
          }
        });
        return 'updated';
      } catch (error) {
        if (error instanceof EmailTaken) return 'email_taken';
        throw error;
      }
    },

    /** Notes a successful sign-in: the customer admin's user list shows when each user last signed in. */
    async recordLogin(tenantId: number, userId: number, at: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: at }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
    },

    async updatePasswordHash(tenantId: number, userId: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
