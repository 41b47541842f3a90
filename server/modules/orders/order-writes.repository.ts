import { sql } from 'kysely';
import type { DatabaseTransaction } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { NewRow } from '../../db/schema.ts';
import type { ListOwner } from '../basket/owned-list.repository.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { orderColumns, orderItemColumns } from './order.repository.ts';

// The writes of one order placement, all on the order's transaction (`trx`): nothing here may run on
// another connection, or SQLite's single connection would wait for itself.

export type OrderWrites = ReturnType<typeof createOrderWrites>;

const orderNumberPrefix = 'WEB-';
const orderNumberDigits = 6;

/** An order number as the buyer sees it: WEB-000042. */
export function formatOrderNumber(counter: number): string {
  return `${orderNumberPrefix}${String(counter).padStart(orderNumberDigits, '0')}`;
}

/**
 * The number an order carries between its insert and assignOrderNumber, in the same transaction (so no
 * other transaction ever sees it): unique like the Idempotency-Key it is made of.
 */
export function provisionalOrderNumber(idempotencyKey: string): string {
  return `pending-${idempotencyKey}`;
}

export function createOrderWrites(trx: DatabaseTransaction) {
  const isPostgres = engineOf(trx) === 'postgres';

  async function nextOrderNumber(tenantId: number): Promise<number> {
    const row = await trx
      .insertInto('order_counters')
      .values({ tenant_id: tenantId, last_number: 1 })
      .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  return {
    /**
     * Writes the basket row first: on SQLite that takes the write lock at once (the transaction then runs
     * alone), on PostgreSQL the row's lock, so two checkouts of one basket run one after the other.
     */
    async lockBasket(tenantId: number, owner: ListOwner): Promise<number | undefined> {
      const row = await trx
        .updateTable('baskets')
        .set({ updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', owner.userId)
        .where('company_id', owner.companyId === null ? 'is' : '=', owner.companyId)
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

    /**
     * Takes stock for several products and variants at once, each guarded (`stock >= quantity`): one statement
     * per table instead of one per line, which on PostgreSQL also fires the table's statement triggers
     * once. Quantities of one id are summed first (an update joins each row once). Answers the ids whose
     * stock was no longer there (nothing is taken for those; the caller then refuses the order).
     */
    async takeStocks(
      tenantId: number,
      takes: readonly { productId: number; variantId: number | null; quantity: number }[],
    ): Promise<{ products: Set<number>; variants: Set<number> }> {
      const products = new Map<number, number>();
      const variants = new Map<number, number>();
      for (const take of takes) {
        if (take.quantity === 0) continue;
        const sums = take.variantId ? variants : products;
        const id = take.variantId ?? take.productId;
        sums.set(id, (sums.get(id) ?? 0) + take.quantity);
      }
      const guarded = async (table: 'products' | 'product_variants', sums: Map<number, number>): Promise<Set<number>> => {
        if (sums.size === 0) return new Set();
        const target = sql.table(table);
        const wanted = sql.join(
          [...sums].map(([id, quantity]) => sql`select cast(${id} as integer) as id, cast(${quantity} as integer) as quantity`),
          sql` union all `,
        );
        const { rows } = await sql<{ id: number }>`
          update ${target} set stock = ${target}.stock - t.quantity
            from (${wanted}) as t
           where ${target}.tenant_id = ${tenantId} and ${target}.id = t.id and ${target}.stock >= t.quantity
          returning ${target}.id`.execute(trx);
        const taken = new Set(rows.map((row) => Number(row.id)));
        return new Set([...sums.keys()].filter((id) => !taken.has(id)));
      };
      return { products: await guarded('products', products), variants: await guarded('product_variants', variants) };
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

    /**
     * Gives the order (inserted with a provisional number, see provisionalOrderNumber) the tenant's next
     * order number, as the transaction's last statement: the counter row's lock, which every order of
     * the tenant waits for, is then held only until the commit right after. One statement on PostgreSQL
     * (the counter's upsert in a WITH); SQLite's transaction runs alone anyway. A rolled-back order gives
     * its number back. Answers the number.
     */
    async assignOrderNumber(tenantId: number, orderId: number): Promise<string> {
      if (!isPostgres) {
        const orderNumber = formatOrderNumber(await nextOrderNumber(tenantId));
        await trx.updateTable('orders').set({ order_number: orderNumber }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
        return orderNumber;
      }
      // lpad cuts a longer text: the width grows with the number, as formatOrderNumber's padStart does.
      const { rows } = await sql<{ order_number: string }>`
        with counter as (
          insert into order_counters (tenant_id, last_number) values (${tenantId}, 1)
          on conflict (tenant_id) do update set last_number = order_counters.last_number + 1
          returning last_number
        )
        update orders set order_number = ${orderNumberPrefix} || lpad(counter.last_number::text, greatest(${orderNumberDigits}, length(counter.last_number::text)), '0')
          from counter
         where orders.tenant_id = ${tenantId} and orders.id = ${orderId}
        returning orders.order_number`.execute(trx);
      const row = rows[0];
      if (!row) throw new Error(`Order ${orderId} of tenant ${tenantId} is not there to number`);
      return row.order_number;
    },

    /** The tenant's next order number: one upsert, so a rolled-back order gives its number back. */

    /** Inserts the order and gives back its row as it is shown, so the answer needs no read after the commit. */
    insertOrder(order: NewRow<'orders'>) {
      return trx.insertInto('orders').values(order).returning(orderColumns).executeTakeFirstOrThrow();
    },

    /** Inserts the items and gives back their rows as they are shown, in the order's sort order. */
    async insertItems(items: readonly NewRow<'order_items'>[]) {
      if (items.length === 0) return [];
      const rows = await trx.insertInto('order_items').values([...items]).returning([...orderItemColumns, 'sort_order']).execute();
      return rows.sort((a, b) => a.sort_order - b.sort_order).map(({ sort_order: _sortOrder, ...row }) => row);
    },

    async insertNotes(notes: readonly NewRow<'order_notes'>[]): Promise<void> {
      if (notes.length > 0) await trx.insertInto('order_notes').values([...notes]).execute();
    },

    /**
     * Notes the order's confirmation mail to the one who placed it, due at once; the mail worker sends it
     * after the commit. An order a sales person placed for the company (`placedForCompanyId`) also goes to
     * each active customer admin of that company, in their language: the company learns at once what was
     * ordered in its name, not only when it looks at its order history.
     */
    async queueConfirmationMail(mail: { tenantId: number; orderId: number; recipient: string; locale: string; placedForCompanyId?: number | null }): Promise<void> {
      await queueMail(trx, mail, { kind: 'order_confirmation', orderId: mail.orderId });
      if (!mail.placedForCompanyId) return;
      const admins = await trx
        .selectFrom('users')
        .select(['email', 'locale'])
        .where('tenant_id', '=', mail.tenantId)
        .where('company_id', '=', mail.placedForCompanyId)
        .where('role', '=', 'customer_admin')
        .where('is_active', '=', 1)
        .where('is_locked', '=', 0)
        .orderBy('id')
        .execute();
      for (const admin of admins) {
        if (admin.email.trim() === '' || admin.email.toLowerCase() === mail.recipient.toLowerCase()) continue;
        await queueMail(trx, { tenantId: mail.tenantId, recipient: admin.email, locale: admin.locale ?? mail.locale }, { kind: 'order_confirmation', orderId: mail.orderId });
      }
    },

    /** The ordered lines leave the basket; the other cart type stays. */
    async removeBasketLines(tenantId: number, lineIds: readonly number[]): Promise<void> {
      if (lineIds.length > 0) await trx.deleteFrom('basket_lines').where('tenant_id', '=', tenantId).where('id', 'in', lineIds).execute();
    },
  };
}
