import { sql } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { Role } from '../../db/schema.ts';

// The users of a customer company as its customer admin sees and changes them. Only customers and
// customer admins are the company's users: sales persons and admins (who may carry a company too), the
// shared guest and other companies' users are never read or written here, so the service answers for
// them exactly as for an id nobody has.

export const memberRoles = ['customer', 'customer_admin'] as const satisfies readonly Role[];

const memberColumns = [
  'id',
  'first_name',
  'last_name',
  'email',
  'username',
  'phone',
  'is_active',
  'is_locked',
  'role',
  'last_login_at',
  'invited_at',
  'password_changed_at',
  'locale',
] as const;

export type MemberRow = Awaited<ReturnType<ReturnType<typeof createCompanyUsersRepository>['list']>>[number];

export interface MemberValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  /** Undefined keeps the stored phone. */
  phone: string | null | undefined;
  active: boolean;
  locked: boolean;
  customerAdmin: boolean;
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** A unique index refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  return code === '23505' || errcode === 2067 || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/** The company's users (its customers and customer admins), with what the list shows of them. */
const membersOf = (trx: Executor, tenantId: number, companyId: number) =>
  trx.selectFrom('users').select(memberColumns).where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('role', 'in', memberRoles);

/** The company's customer admins who may sign in. */
const activeAdminsOf = (trx: Executor, tenantId: number, companyId: number) =>
  trx
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .where('company_id', '=', companyId)
    .where('role', '=', 'customer_admin')
    .where('is_active', '=', 1)
    .where('is_locked', '=', 0);

export function createCompanyUsersRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';

  return {
    /** For plain reads outside a transaction. */
    db,

    /** The company's users, by name. */
    list(tenantId: number, companyId: number) {
      return membersOf(db, tenantId, companyId)
        .orderBy(sql`lower(last_name)`)
        .orderBy(sql`lower(first_name)`)
        .orderBy('id')
        .execute();
    },

    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * PostgreSQL: transaction locks on the company's user list and on the e-mail address and username a save
     * takes, always in this order. Two saves of one company (two admins changing each other) run one after
     * the other, so each sees the other's outcome; the e-mail key is the profile's (user.repository.ts), so a
     * user taking the same new address in their profile waits too.
     */
    async lock(trx: Executor, keys: { tenantId: number; companyId: number; email?: string; username?: string }): Promise<void> {
      if (!isPostgres) {
        // SQLite: a write as the first statement takes the database's write lock at once (it matches no row),
        // so what the save reads next cannot change under it, even from another process.
        await sql`update users set invited_at = invited_at where tenant_id = ${keys.tenantId} and id = -1`.execute(trx);
        return;
      }
      const names = [`company-users:${keys.tenantId}:${keys.companyId}`];
      if (keys.email !== undefined) names.push(`user-email:${keys.tenantId}:${keys.email.toLowerCase()}`);
      if (keys.username !== undefined) names.push(`user-username:${keys.tenantId}:${keys.username.toLowerCase()}`);
      for (const name of names) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    },

    /** The user acting, as stored now: a customer admin of the company who may still sign in, or undefined. */
    findActiveAdmin(trx: Executor, tenantId: number, companyId: number, userId: number) {
      return activeAdminsOf(trx, tenantId, companyId).select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
    },

    findMember(trx: Executor, tenantId: number, companyId: number, userId: number) {
      return membersOf(trx, tenantId, companyId).where('id', '=', userId).executeTakeFirst();
    },

    findCompanyName(trx: Executor, tenantId: number, companyId: number) {
      return trx.selectFrom('companies').select('name').where('tenant_id', '=', tenantId).where('id', '=', companyId).executeTakeFirst();
    },

    async countActiveAdmins(trx: Executor, tenantId: number, companyId: number, exceptUserId: number | null): Promise<number> {
      let query = activeAdminsOf(trx, tenantId, companyId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (exceptUserId !== null) query = query.where('id', '!=', exceptUserId);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** A new user of the company, with a password nobody knows (`passwordHash` of a random secret). */
    async insertMember(trx: Executor, input: { tenantId: number; companyId: number; values: MemberValues; passwordHash: string; now: string }): Promise<number> {
      const { values } = input;
      const row = await trx
        .insertInto('users')
        .values({
          tenant_id: input.tenantId,
          company_id: input.companyId,
          current_company_id: null,
          username: values.username,
          email: values.email,
          first_name: values.firstName,
          last_name: values.lastName,
          phone: values.phone ?? null,
          password_hash: input.passwordHash,
          role: values.customerAdmin ? 'customer_admin' : 'customer',
          is_active: flag(values.active),
          is_locked: flag(values.locked),
          locale: null,
          // The same instant as invited_at: a password set later shows the invitation was followed.
          password_changed_at: input.now,
          invited_at: input.now,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateMember(trx: Executor, input: { tenantId: number; userId: number; values: MemberValues }): Promise<void> {
      const { values } = input;
      await trx
        .updateTable('users')
        .set({
          username: values.username,
          email: values.email,
          first_name: values.firstName,
          last_name: values.lastName,
          ...(values.phone !== undefined ? { phone: values.phone } : {}),
          role: values.customerAdmin ? 'customer_admin' : 'customer',
          is_active: flag(values.active),
          is_locked: flag(values.locked),
        })
        .where('tenant_id', '=', input.tenantId)
        .where('id', '=', input.userId)
        .execute();
    },

    async markInvited(trx: Executor, tenantId: number, userId: number, now: string): Promise<void> {
      await trx.updateTable('users').set({ invited_at: now }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
    },

    /** Another user of the tenant (any company, any role) with this username or e-mail, without regard to case. */
    async isTaken(trx: Executor, tenantId: number, exceptUserId: number, column: 'username' | 'email', value: string): Promise<boolean> {
      const other = await trx
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '!=', exceptUserId)
        .where(sql<string>`lower(${sql.ref(column)})`, '=', sql<string>`lower(${value})`)
        .executeTakeFirst();
      return other !== undefined;
    },
  };
}

export type CompanyUsersRepository = ReturnType<typeof createCompanyUsersRepository>;
