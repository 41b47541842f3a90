import { sql } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { inChunks } from '../erp/in-chunks.ts';
import type { UserColumns } from './user-row.ts';

// The SQL of the ERP's user upsert: the stored users of a request's external ids and the holders of its
// usernames (one read per 500), and the writes, on the caller's transaction.

export interface StoredUser extends Required<UserColumns> {
  id: number;
  external_id: string;
  invited_at: string | null;
  password_changed_at: string;
}

const rowsPerInsert = 200;

export function createErpUsersRepository(db: Database) {
  return {
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async findByExternalIds(tenantId: number, externalIds: readonly string[]): Promise<StoredUser[]> {
      const found: StoredUser[] = [];
      for (const chunk of inChunks(externalIds)) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'external_id', 'company_id', 'username', 'email', 'first_name', 'last_name', 'phone', 'role', 'locale', 'is_active', 'is_locked', 'invited_at', 'password_changed_at'])
          .where('tenant_id', '=', tenantId)
          .where('external_id', 'in', chunk)
          .execute();
        for (const row of rows) found.push({ ...row, external_id: row.external_id! });
      }
      return found;
    },

    /** Which user of the tenant holds each of these usernames, without regard to case: lower-case name → user id. */
    async usernameHolders(tenantId: number, usernames: readonly string[]): Promise<Map<string, number>> {
      const holders = new Map<string, number>();
      for (const chunk of inChunks([...new Set(usernames.map((name) => name.toLowerCase()))])) {
        const rows = await db
          .selectFrom('users')
          .select(['id', sql<string>`lower(username)`.as('name')])
          .where('tenant_id', '=', tenantId)
          .where(sql<string>`lower(username)`, 'in', chunk)
          .execute();
        for (const row of rows) holders.set(row.name, row.id);
      }
      return holders;
    },

    /**
     * New users with a password nobody knows (`passwordHash`), invited now: answers their ids by external id.
     * password_changed_at is the same instant as invited_at, so a password set later shows the invitation was followed.
     */
    async insert(trx: Executor, tenantId: number, rows: readonly { externalId: string; columns: UserColumns }[], passwordHash: string, now: string): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const chunk of inChunks(rows, rowsPerInsert)) {
        const inserted = await trx
          .insertInto('users')
          .values(
            chunk.map((row) => ({
              tenant_id: tenantId,
              external_id: row.externalId,
              current_company_id: null,
              password_hash: passwordHash,
              phone: null,
              locale: null,
              ...row.columns,
              password_changed_at: now,
              invited_at: now,
              created_at: now,
            })),
          )
          .returning(['id', 'external_id'])
          .execute();
        for (const row of inserted) ids.set(row.external_id!, row.id);
      }
      return ids;
    },

    async update(trx: Executor, tenantId: number, id: number, columns: UserColumns): Promise<void> {
      await trx.updateTable('users').set(columns).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    /** Marks a user invited again (their address changed before they set a password). */
    async markInvited(trx: Executor, tenantId: number, id: number, now: string): Promise<void> {
      await trx.updateTable('users').set({ invited_at: now }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
  };
}

export type ErpUsersRepository = ReturnType<typeof createErpUsersRepository>;
