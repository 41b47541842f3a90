import type { Database } from '../../db/database.ts';

export type ApiClientRow = Awaited<ReturnType<ReturnType<typeof createApiClientRepository>['list']>>[number];

export function createApiClientRepository(db: Database) {
  const columns = [
    'id',
    'tenant_id',
    'name',
    'scopes',
    'created_at',
    'expires_at',
    'last_used_at',
    'revoked_at',
    'previous_secret_expires_at',
  ] as const;

  return {
    async insert(input: { tenantId: number; name: string; scopes: string; secretHash: string; expiresAt: string | null; now: string }): Promise<number> {
      const row = await db
        .insertInto('api_clients')
        .values({ tenant_id: input.tenantId, name: input.name, scopes: input.scopes, secret_hash: input.secretHash, expires_at: input.expiresAt, created_at: input.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    list(tenantId: number) {
      return db.selectFrom('api_clients').select(columns).where('tenant_id', '=', tenantId).orderBy('id').execute();
    },

    find(tenantId: number, id: number) {
      return db.selectFrom('api_clients').select(columns).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },

    /** The client whose current secret, or previous secret still in its grace time, has this hash. */
    findBySecretHash(secretHash: string, now: string) {
      return db
        .selectFrom('api_clients')
        .select([...columns, 'secret_hash', 'previous_secret_hash'])
        .where((eb) =>
          eb.or([
            eb('secret_hash', '=', secretHash),
            eb.and([eb('previous_secret_hash', '=', secretHash), eb('previous_secret_expires_at', '>', now)]),
          ]),
        )
        .executeTakeFirst();
    },

    /** A new secret; the old one keeps working until `previousExpiresAt`. */
    async rotate(input: { tenantId: number; id: number; secretHash: string; previousExpiresAt: string }): Promise<boolean> {
      const result = await db
        .updateTable('api_clients')
        .set((eb) => ({ previous_secret_hash: eb.ref('secret_hash'), previous_secret_expires_at: input.previousExpiresAt, secret_hash: input.secretHash }))
        .where('tenant_id', '=', input.tenantId)
        .where('id', '=', input.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revoke(input: { tenantId: number; id: number; now: string }): Promise<boolean> {
      const result = await db
        .updateTable('api_clients')
        .set({ revoked_at: input.now, previous_secret_hash: null, previous_secret_expires_at: null })
        .where('tenant_id', '=', input.tenantId)
        .where('id', '=', input.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async touch(id: number, now: string): Promise<void> {
      await db.updateTable('api_clients').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiClientRepository = ReturnType<typeof createApiClientRepository>;
