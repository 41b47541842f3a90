import type { Database, DatabaseTransaction } from '../../db/database.ts';
import type { OrderType } from '../../db/schema.ts';
import type { ListOwner } from '../basket/owned-list.repository.ts';

// Order-sheet imports (migration 0044; docs/product.md, Order sheets), owned like the basket: the user and
// the company the session acts for. An import past its expiry is as absent as one that never was; its
// owner's expired ones are deleted when they make a new one, so nothing else needs to sweep.

export interface StoredImport {
  id: number;
  public_id: string;
  target: OrderType;
  source: 'paste' | 'upload';
  rows: string;
  season_ids: string;
  preview: string;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  confirmation: string | null;
  /** JSON of order-sheet-origin.ts SheetOrigin, or null. */
  origin: string | null;
}

export interface NewImport {
  publicId: string;
  target: OrderType;
  source: 'paste' | 'upload';
  rows: string;
  seasonIds: string;
  preview: string;
  createdAt: string;
  expiresAt: string;
  origin: string | null;
}

const importColumns = ['id', 'public_id', 'target', 'source', 'rows', 'season_ids', 'preview', 'created_at', 'expires_at', 'confirmed_at', 'confirmation', 'origin'] as const;

export function createOrderSheetRepository(db: Database) {
  return {
    /** Stores a new import and deletes the owner's expired ones (an index on tenant, user and expiry keeps it cheap). */
    async create(tenantId: number, owner: ListOwner, sheet: NewImport): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('order_sheet_imports').where('tenant_id', '=', tenantId).where('user_id', '=', owner.userId).where('expires_at', '<=', sheet.createdAt).execute();
        await trx
          .insertInto('order_sheet_imports')
          .values({
            public_id: sheet.publicId,
            tenant_id: tenantId,
            user_id: owner.userId,
            company_id: owner.companyId,
            target: sheet.target,
            source: sheet.source,
            rows: sheet.rows,
            season_ids: sheet.seasonIds,
            preview: sheet.preview,
            created_at: sheet.createdAt,
            expires_at: sheet.expiresAt,
            origin: sheet.origin,
          })
          .execute();
      });
    },

    /** The owner's import by its public id while it has not expired; someone else's is not found. */
    findOwned(tenantId: number, owner: ListOwner, publicId: string, now: string): Promise<StoredImport | undefined> {
      return db
        .selectFrom('order_sheet_imports')
        .select(importColumns)
        .where('tenant_id', '=', tenantId)
        .where('public_id', '=', publicId)
        .where('user_id', '=', owner.userId)
        .where('company_id', owner.companyId === null ? 'is' : '=', owner.companyId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** The rows as edited and what the buyer is now shown; an import confirmed meanwhile keeps its rows. */
    async updateRows(importId: number, rows: string, preview: string): Promise<void> {
      await db.updateTable('order_sheet_imports').set({ rows, preview }).where('id', '=', importId).where('confirmed_at', 'is', null).execute();
    },

    /** What the buyer is now shown (prices and verdicts move with the catalogue). */
    async updatePreview(importId: number, preview: string): Promise<void> {
      await db.updateTable('order_sheet_imports').set({ preview }).where('id', '=', importId).where('confirmed_at', 'is', null).execute();
    },

    /**
     * Marks the import confirmed with its answer on the caller's transaction (the basket's), only if no
     * confirm came first: false when one did, and the caller then writes nothing.
     */
    async markConfirmed(trx: DatabaseTransaction, importId: number, confirmation: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('order_sheet_imports')
        .set({ confirmed_at: now, confirmation })
        .where('id', '=', importId)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The stored confirmation, read after a confirm found the import already confirmed. */
    async findConfirmation(importId: number): Promise<string | null> {
      const row = await db.selectFrom('order_sheet_imports').select('confirmation').where('id', '=', importId).executeTakeFirst();
      return row?.confirmation ?? null;
    },
  };
}

export type OrderSheetRepository = ReturnType<typeof createOrderSheetRepository>;
