import type { Database } from '../../db/database.ts';
import { ensureOwnedListId, findOwnedListId, type ListOwner } from '../basket/owned-list.repository.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';

// The user's wishlist, one per company they act for like the basket (owned-list.repository.ts): a set of product
// ids (the primary key forbids doubles).

export function createWishlistRepository(db: Database) {
  return {
    findWishlistId: (tenantId: number, owner: ListOwner) => findOwnedListId(db, 'wishlists', tenantId, owner),

    /** The owner's wishlist, created on first use. */
    ensureWishlistId: (tenantId: number, owner: ListOwner) => ensureOwnedListId(db, 'wishlists', tenantId, owner),

    /** Product ids in the order they were added. */
    async listProductIds(tenantId: number, wishlistId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('wishlist_items')
        .select('product_id')
        .where('tenant_id', '=', tenantId)
        .where('wishlist_id', '=', wishlistId)
        .orderBy('created_at')
        .orderBy('product_id')
        .execute();
      return rows.map((row) => row.product_id);
    },

    /**
     * Makes the wishlist hold exactly these products. Entries that stay keep their date (and so their
     * place in the list); the wishlist row is written first so concurrent saves queue behind each other.
     * `audit` (a sales person acting for a customer) records the change in the same transaction.
     */
    async replaceProducts(tenantId: number, wishlistId: number, productIds: readonly number[], audit?: AuditHook): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx.updateTable('wishlists').set({ updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', wishlistId).execute();
        // A sales person acting for a customer: the change goes to the company's audit trail with it.
        await audit?.(trx);
        let removal = trx.deleteFrom('wishlist_items').where('tenant_id', '=', tenantId).where('wishlist_id', '=', wishlistId);
        if (productIds.length > 0) removal = removal.where('product_id', 'not in', productIds);
        await removal.execute();
        if (productIds.length === 0) return;
        await trx
          .insertInto('wishlist_items')
          .values(productIds.map((product_id) => ({ tenant_id: tenantId, wishlist_id: wishlistId, product_id, created_at: now })))
          .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
          .execute();
      });
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
