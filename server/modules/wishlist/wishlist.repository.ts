import type { Database } from '../../db/database.ts';
import type { BasketOwner } from '../basket/basket.repository.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';

// The user's wishlist, one per company they act for like the basket (migration 0026): a set of product
// ids (the primary key forbids doubles).

export function createWishlistRepository(db: Database) {
  return {
    async findWishlistId(tenantId: number, owner: BasketOwner): Promise<number | undefined> {
      const row = await db
        .selectFrom('wishlists')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', owner.userId)
        .where('company_id', owner.companyId === null ? 'is' : '=', owner.companyId)
        .executeTakeFirst();
      return row?.id;
    },

    /** The owner's wishlist, created on first use; safe when two requests create it at once. */
    async ensureWishlistId(tenantId: number, owner: BasketOwner): Promise<number> {
      const existing = await this.findWishlistId(tenantId, owner);
      if (existing !== undefined) return existing;
      const now = new Date().toISOString();
      await db
        .insertInto('wishlists')
        .values({ tenant_id: tenantId, user_id: owner.userId, company_id: owner.companyId, created_at: now, updated_at: now })
        // The unique index is on (user_id, coalesce(company_id, 0)): an expression, so no column list here.
        .onConflict((oc) => oc.doNothing())
        .execute();
      const created = await this.findWishlistId(tenantId, owner);
      if (created === undefined) throw new Error(`Wishlist of user ${owner.userId} could not be created`);
      return created;
    },

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
