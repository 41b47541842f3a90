import type { Database, DatabaseTransaction } from '../../db/database.ts';
import type { OrderType } from '../../db/schema.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';
import { ensureOwnedListId, findOwnedListId, type ListOwner } from './owned-list.repository.ts';

// The user's basket (one per company they act for) and its lines. Lines are replaced as a whole inside
// one transaction that first locks the basket row, so two saves of the same basket (two tabs, a double
// click) run one after the other: the last one wins and no line is ever doubled.

export interface StoredBasketLine {
  id: number;
  product_id: number;
  variant_id: number | null;
  sku: string;
  variant_sku: string | null;
  order_type: OrderType;
  quantity: number;
  quantities: string;
  custom_attributes: string | null;
  packs: string | null;
  unit_price_cents: number;
  old_price_cents: number | null;
  created_at: string;
}

export type NewBasketLine = Omit<StoredBasketLine, 'id' | 'created_at'> & {
  /** Kept from the line it replaces, so a line remembers when it was first added. */
  created_at: string | undefined;
};

const lineColumns = [
  'id',
  'product_id',
  'variant_id',
  'sku',
  'variant_sku',
  'order_type',
  'quantity',
  'quantities',
  'custom_attributes',
  'packs',
  'unit_price_cents',
  'old_price_cents',
  'created_at',
] as const;

export function createBasketRepository(db: Database) {
  return {
    findBasketId: (tenantId: number, owner: ListOwner) => findOwnedListId(db, 'baskets', tenantId, owner),

    /** The owner's basket, created on first use. */
    ensureBasketId: (tenantId: number, owner: ListOwner) => ensureOwnedListId(db, 'baskets', tenantId, owner),

    listLines(tenantId: number, basketId: number): Promise<StoredBasketLine[]> {
      return db
        .selectFrom('basket_lines')
        .select(lineColumns)
        .where('tenant_id', '=', tenantId)
        .where('basket_id', '=', basketId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /**
     * Replaces every line of the basket with what `plan` makes of the current lines, atomically.
     * `plan` runs after the lock, so it sees the lines no other save can change before this one commits.
     * `audit` (a sales person acting for a customer) records the change in the same transaction.
     * `claim` runs in the same transaction after the plan, before anything is written: when it answers
     * false (something that may happen only once already happened) the lines stay as they are and this
     * answers false.
     */
    async replaceLines(
      tenantId: number,
      basketId: number,
      plan: (current: StoredBasketLine[]) => NewBasketLine[],
      audit?: AuditHook,
      claim?: (trx: DatabaseTransaction) => Promise<boolean>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        // Writing the basket row takes its row lock (PostgreSQL) or the write lock (SQLite) first.
        await trx.updateTable('baskets').set({ updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', basketId).execute();
        const current = await trx
          .selectFrom('basket_lines')
          .select(lineColumns)
          .where('tenant_id', '=', tenantId)
          .where('basket_id', '=', basketId)
          .execute();
        const next = plan(current);
        if (claim && !(await claim(trx))) return false;
        await trx.deleteFrom('basket_lines').where('tenant_id', '=', tenantId).where('basket_id', '=', basketId).execute();
        await audit?.(trx, { orderLines: next.filter((line) => line.order_type === 'order').length, preOrderLines: next.filter((line) => line.order_type === 'preOrder').length });
        if (next.length === 0) return true;
        // One statement for all lines: at most 500 lines × 16 values stays far below both engines' parameter limits.
        await trx
          .insertInto('basket_lines')
          .values(
            next.map((line, index) => ({
              ...line,
              tenant_id: tenantId,
              basket_id: basketId,
              sort_order: index,
              created_at: line.created_at ?? now,
              updated_at: now,
            })),
          )
          .execute();
        return true;
      });
    },

    /** Records a price that moved since the line was stored; skipped if the line changed meanwhile. */
    async updateLinePrices(
      tenantId: number,
      changes: readonly { lineId: number; expectedUnitPriceCents: number; unitPriceCents: number; oldPriceCents: number | null }[],
    ): Promise<void> {
      if (changes.length === 0) return;
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const change of changes) {
          await trx
            .updateTable('basket_lines')
            .set({ unit_price_cents: change.unitPriceCents, old_price_cents: change.oldPriceCents, updated_at: now })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', change.lineId)
            .where('unit_price_cents', '=', change.expectedUnitPriceCents)
            .execute();
        }
      });
    },

    /** Removes lines whose product or variant is no longer sold. */
    async deleteLines(tenantId: number, lineIds: readonly number[]): Promise<void> {
      if (lineIds.length === 0) return;
      await db.deleteFrom('basket_lines').where('tenant_id', '=', tenantId).where('id', 'in', lineIds).execute();
    },
  };
}

export type BasketRepository = ReturnType<typeof createBasketRepository>;
