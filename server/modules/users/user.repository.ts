import type { Database } from '../../db/database.ts';

export function createUserRepository(db: Database) {
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
