import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { NewRow } from '../../db/schema.ts';

// The writes of one order placement, all on the order's transaction (`trx`): nothing here may run on
// another connection, or SQLite's single connection would wait for itself.

export type OrderWrites = ReturnType<typeof createOrderWrites>;

export function createOrderWrites(trx: Database) {
  const isPostgres = engineOf(trx) === 'postgres';
  return {
    /**
     * Writes the basket row first: on SQLite that takes the write lock at once (the transaction then runs
     * alone), on PostgreSQL the row's lock, so two checkouts of one basket run one after the other.
     */
    async lockBasket(tenantId: number, userId: number): Promise<number | undefined> {
      const row = await trx
        .updateTable('baskets')
        .set({ updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The stock of the ordered products and variants, their rows locked in id order (PostgreSQL; SQLite's
     * transaction already runs alone), so two checkouts never wait for each other in a circle.
     */
    async lockStock(tenantId: number, productIds: readonly number[], variantIds: readonly number[]) {
      const lock = <T extends { forUpdate(): T }>(query: T) => (isPostgres ? query.forUpdate() : query);
      const products = productIds.length
        ? await lock(trx.selectFrom('products').select(['id', 'stock']).where('tenant_id', '=', tenantId).where('id', 'in', productIds).orderBy('id')).execute()
        : [];
      const variants = variantIds.length
        ? await lock(trx.selectFrom('product_variants').select(['id', 'stock']).where('tenant_id', '=', tenantId).where('id', 'in', variantIds).orderBy('id')).execute()
        : [];
      return { products: new Map(products.map((row) => [row.id, row.stock])), variants: new Map(variants.map((row) => [row.id, row.stock])) };
    },

    /** Takes stock with a guard: answers false when it is no longer there (the caller then refuses the order). */
    async takeStock(tenantId: number, item: { productId: number; variantId: number | null }, quantity: number): Promise<boolean> {
      if (quantity === 0) return true;
      const result = item.variantId
        ? await trx
            .updateTable('product_variants')
            .set({ stock: sql<number>`stock - ${quantity}` })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', item.variantId)
            .where('stock', '>=', quantity)
            .executeTakeFirst()
        : await trx
            .updateTable('products')
            .set({ stock: sql<number>`stock - ${quantity}` })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', item.productId)
            .where('stock', '>=', quantity)
            .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pre-order quantity of a frozen product taken from its season's pre-stock, guarded like stock. */
    async takePreStock(tenantId: number, productId: number, seasonId: number, quantity: number): Promise<boolean> {
      const result = await trx
        .updateTable('product_pre_stocks')
        .set({ quantity: sql<number>`quantity - ${quantity}` })
        .where('tenant_id', '=', tenantId)
        .where('product_id', '=', productId)
        .where('season_id', '=', seasonId)
        .where('quantity', '>=', quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The tenant's next order number: one upsert, so a rolled-back order gives its number back. */
    async nextOrderNumber(tenantId: number): Promise<number> {
      const row = await trx
        .insertInto('order_counters')
        .values({ tenant_id: tenantId, last_number: 1 })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async insertOrder(order: NewRow<'orders'>): Promise<number> {
      const row = await trx.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async insertItems(items: readonly NewRow<'order_items'>[]): Promise<void> {
      if (items.length > 0) await trx.insertInto('order_items').values([...items]).execute();
    },

    async insertNotes(notes: readonly NewRow<'order_notes'>[]): Promise<void> {
      if (notes.length > 0) await trx.insertInto('order_notes').values([...notes]).execute();
    },

    /** Notes the order's confirmation mail, due at once; the mail worker sends it after the commit. */
    async queueConfirmationMail(mail: { tenantId: number; orderId: number; recipient: string; locale: string }): Promise<void> {
      await trx
        .insertInto('mail_outbox')
        .values({ tenant_id: mail.tenantId, kind: 'order_confirmation', order_id: mail.orderId, recipient: mail.recipient, locale: mail.locale, next_attempt_at: new Date().toISOString() })
        .execute();
    },

    /** The ordered lines leave the basket; the other cart type stays. */
    async removeBasketLines(tenantId: number, lineIds: readonly number[]): Promise<void> {
      if (lineIds.length > 0) await trx.deleteFrom('basket_lines').where('tenant_id', '=', tenantId).where('id', 'in', lineIds).execute();
    },
  };
}
