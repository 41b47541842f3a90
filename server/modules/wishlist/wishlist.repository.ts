import type { Database } from '../../db/database.ts';

// The user's one wishlist: a set of product ids (the primary key forbids doubles).

export function createWishlistRepository(db: Database) {
  return {
    async findWishlistId(tenantId: number, userId: number): Promise<number | undefined> {
      const row = await db.selectFrom('wishlists').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
      return row?.id;
    },

    /** The user's wishlist, created on first use; safe when two requests create it at once. */
    async ensureWishlistId(tenantId: number, userId: number): Promise<number> {
      const existing = await this.findWishlistId(tenantId, userId);
      if (existing !== undefined) return existing;
      const now = new Date().toISOString();
      await db
        .insertInto('wishlists')
        .values({ tenant_id: tenantId, user_id: userId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const created = await this.findWishlistId(tenantId, userId);
      if (created === undefined) throw new Error(`Wishlist of user ${userId} could not be created`);
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
     */
    async replaceProducts(tenantId: number, wishlistId: number, productIds: readonly number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx.updateTable('wishlists').set({ updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', wishlistId).execute();
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
