import type { Database } from '../../db/database.ts';

// The tenant's seasons for the season load: a tenant has a handful, so they are read whole.

export interface StoredSeason {
  id: number;
  external_id: string | null;
  name: string;
  date: string;
  sort_order: number;
}

export interface SeasonWrites {
  created: { external_id: string; name: string; date: string; sort_order: number }[];
  updated: { id: number; name: string; date: string; sort_order: number }[];
}

export function createErpSeasonRepository(db: Database) {
  return {
    findAll(tenantId: number): Promise<StoredSeason[]> {
      return db.selectFrom('seasons').select(['id', 'external_id', 'name', 'date', 'sort_order']).where('tenant_id', '=', tenantId).execute();
    },

    /** Writes the changes in one transaction: nothing of them, or all. */
    async write(tenantId: number, writes: SeasonWrites): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (writes.created.length > 0) await trx.insertInto('seasons').values(writes.created.map((season) => ({ tenant_id: tenantId, ...season }))).execute();
        for (const { id, ...season } of writes.updated) {
          await trx.updateTable('seasons').set(season).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
        }
      });
    },
  };
}

export type ErpSeasonRepository = ReturnType<typeof createErpSeasonRepository>;
