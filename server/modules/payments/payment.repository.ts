import { sql } from 'kysely';
import { defaultLocale } from '../../../core/locale.ts';
import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { recordErpEvent } from '../erp-events/erp-event.repository.ts';
import { createOrderWrites } from '../orders/order-writes.repository.ts';
import type { SessionState } from './payment-provider.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';

// The order side of online payment. Every change of an order's payment state is one guarded update
// (`… where payment_status in (awaiting, failed)`) inside a transaction with what belongs to it (the
// confirmation mail, the stock given back), so two processes, a webhook and the buyer's return, or a
// payment and the timeout, can race and exactly one of them wins.

/** States in which an online order may still be paid (or switched to payment on account). */
export const payableStates = ['awaiting', 'failed'] as const;

/** order_statuses id of a cancelled order (the seeded status list: 1 open … 5 cancelled). */
const cancelledStatusId = '5';

export type PaymentOutcome = 'paid' | 'already' | 'refund_due' | 'amount_mismatch' | 'unknown_session';

export function createPaymentRepository(db: Database) {
  /** Notes a provider event; false when it was applied before (the caller then changes nothing). */
  async function firstDelivery(trx: Database, eventId: string | null, sessionId: string, type: string): Promise<boolean> {
    if (eventId === null) return true;
    const inserted = await trx
      .insertInto('payment_events')
      .values({ event_id: eventId, session_id: sessionId, type, received_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async function sessionOrder(trx: Database, sessionId: string) {
    return trx
      .selectFrom('payment_sessions')
      .innerJoin('orders', 'orders.id', 'payment_sessions.order_id')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id as order_id',
        'orders.tenant_id',
        'orders.payment_status',
        'orders.gross_total_cents',
        'orders.currency',
        'orders.locale',
        'orders.company_id',
        'orders.placed_by_user_id',
        'users.email',
      ])
      .where('payment_sessions.session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** Moves a payable order to `to`; answers its order number, or null when another request changed it first. */
  async function leavePayable(trx: Database, tenantId: number, orderId: number, to: Record<string, unknown>): Promise<string | null> {
    const row = await trx
      .updateTable('orders')
      .set({ ...to, updated_at: new Date().toISOString() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('payment_status', 'in', [...payableStates])
      .returning('order_number')
      .executeTakeFirst();
    return row?.order_number ?? null;
  }

  async function queueMail(trx: DatabaseTransaction, order: { tenant_id: number; order_id: number; email: string | null; locale: string | null; company_id: number; placed_by_user_id: number | null }) {
    if (!order.email) return;
    await createOrderWrites(trx).queueConfirmationMail({
      tenantId: order.tenant_id,
      orderId: order.order_id,
      recipient: order.email,
      locale: order.locale ?? defaultLocale,
      placedForCompanyId: order.placed_by_user_id === null ? null : order.company_id,
    });
  }

  /** Gives back what the order's lines took from stock and pre-stock, in id order (no lock cycles). */
  async function releaseStock(trx: Database, tenantId: number, orderId: number): Promise<void> {
    const items = await trx
      .selectFrom('order_items')
      .select(['product_id', 'variant_id', 'season_id', 'order_type', 'allocated_quantity'])
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('allocated_quantity', '>', 0)
      .orderBy('product_id')
      .orderBy('variant_id')
      .execute();
    for (const item of items) {
      const quantity = item.allocated_quantity;
      if (item.product_id === null) continue;
      if (item.order_type === 'preOrder' && item.season_id !== null) {
        await trx
          .updateTable('product_pre_stocks')
          .set({ quantity: sql<number>`quantity + ${quantity}` })
          .where('tenant_id', '=', tenantId)
          .where('product_id', '=', item.product_id)
          .where('season_id', '=', item.season_id)
          .execute();
      } else if (item.variant_id !== null) {
        await trx.updateTable('product_variants').set({ stock: sql<number>`stock + ${quantity}` }).where('tenant_id', '=', tenantId).where('id', '=', item.variant_id).execute();
      } else {
        await trx.updateTable('products').set({ stock: sql<number>`stock + ${quantity}` }).where('tenant_id', '=', tenantId).where('id', '=', item.product_id).execute();
      }
    }
  }

  return {
    /** An order of the company that is paid online, with what paying it needs. */
    findOnlineOrder(tenantId: number, companyId: number, orderId: number) {
      return db
        .selectFrom('orders')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.tenant_id',
          'orders.order_number',
          'orders.payment_status',
          'orders.payment_due_at',
          'orders.gross_total_cents',
          'orders.currency',
          'orders.locale',
          'users.email',
        ])
        .where('orders.tenant_id', '=', tenantId)
        .where('orders.company_id', '=', companyId)
        .where('orders.id', '=', orderId)
        .where('orders.payment_due_at', 'is not', null)
        .executeTakeFirst();
    },

    /** The newest session of the order that may still be paid at `now`. */
    openSession(tenantId: number, orderId: number, now: Date) {
      return db
        .selectFrom('payment_sessions')
        .select(['session_id', 'url', 'expires_at'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .where('status', '=', 'open')
        .where('expires_at', '>', now.toISOString())
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    openSessionIds(tenantId: number, orderId: number) {
      return db
        .selectFrom('payment_sessions')
        .select('session_id')
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .where('status', '=', 'open')
        .execute()
        .then((rows) => rows.map((row) => row.session_id));
    },

    countSessions(tenantId: number, orderId: number): Promise<number> {
      return db
        .selectFrom('payment_sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    /** Notes a provider session; `audit` (a sales person paying again for the company) records it in the same transaction. */
    async saveSession(session: { sessionId: string; tenantId: number; orderId: number; url: string; expiresAt: Date }, audit?: AuditHook): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('payment_sessions')
          .values({
            session_id: session.sessionId,
            tenant_id: session.tenantId,
            order_id: session.orderId,
            url: session.url,
            status: 'open',
            expires_at: session.expiresAt.toISOString(),
            created_at: new Date().toISOString(),
          })
          // The provider answers a repeated request with the same session.
          .onConflict((conflict) => conflict.column('session_id').doNothing())
          .execute();
        await audit?.(trx);
      });
    },

    /**
     * The provider says the session is paid (its event, or the buyer's return): the order is paid and its
     * confirmation mail noted, once. A payment for an order cancelled meanwhile is marked for a refund.
     */
    applyPaid(state: SessionState, eventId: string | null): Promise<PaymentOutcome> {
      return db.transaction().execute(async (trx) => {
        if (!(await firstDelivery(trx, eventId, state.sessionId, 'paid'))) return 'already';
        const order = await sessionOrder(trx, state.sessionId);
        if (!order) return 'unknown_session';
        if (state.amountCents !== order.gross_total_cents || state.currency?.toLowerCase() !== order.currency.toLowerCase()) return 'amount_mismatch';
        await trx.updateTable('payment_sessions').set({ status: 'paid' }).where('session_id', '=', state.sessionId).execute();
        const paidAt = new Date().toISOString();
        const orderNumber = await leavePayable(trx, order.tenant_id, order.order_id, { payment_status: 'paid', paid_at: paidAt });
        if (orderNumber !== null) {
          await queueMail(trx, order);
          await recordErpEvent(trx, { tenantId: order.tenant_id, type: 'order.paid', data: { orderNumber }, occurredAt: paidAt });
          return 'paid';
        }
        if (order.payment_status === 'cancelled') {
          await trx
            .updateTable('orders')
            .set({ payment_status: 'refund_due', updated_at: new Date().toISOString() })
            .where('tenant_id', '=', order.tenant_id)
            .where('id', '=', order.order_id)
            .where('payment_status', '=', 'cancelled')
            .execute();
          return 'refund_due';
        }
        return 'already';
      });
    },

    /** An attempt failed (an asynchronous method was declined): the order may be paid again until it is due. */
    applyFailed(state: SessionState, eventId: string | null): Promise<void> {
      return db.transaction().execute(async (trx) => {
        if (!(await firstDelivery(trx, eventId, state.sessionId, 'failed'))) return;
        const order = await sessionOrder(trx, state.sessionId);
        if (!order) return;
        await trx.updateTable('payment_sessions').set({ status: 'failed' }).where('session_id', '=', state.sessionId).where('status', '=', 'open').execute();
        await trx
          .updateTable('orders')
          .set({ payment_status: 'failed', updated_at: new Date().toISOString() })
          .where('id', '=', order.order_id)
          .where('payment_status', '=', 'awaiting')
          .execute();
      });
    },

    /** The session can no longer be paid; the order stays payable through a new one until it is due. */
    applyExpired(sessionId: string, eventId: string | null): Promise<void> {
      return db.transaction().execute(async (trx) => {
        if (!(await firstDelivery(trx, eventId, sessionId, 'expired'))) return;
        await trx.updateTable('payment_sessions').set({ status: 'expired' }).where('session_id', '=', sessionId).where('status', '=', 'open').execute();
      });
    },

    /** Online orders whose time to pay is over, oldest first, of every tenant. */
    overdueOrders(now: Date, limit: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'tenant_id'])
        .where('payment_status', 'in', [...payableStates])
        .where('payment_due_at', '<=', now.toISOString())
        .orderBy('payment_due_at')
        .limit(limit)
        .execute();
    },

    /** Cancels an order that was not paid in time and gives its stock back; false when it was paid or changed meanwhile. */
    cancelUnpaid(tenantId: number, orderId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const orderNumber = await leavePayable(trx, tenantId, orderId, { payment_status: 'cancelled', status_id: cancelledStatusId });
        if (orderNumber === null) return false;
        await recordErpEvent(trx, { tenantId, type: 'order.cancelled', data: { orderNumber }, occurredAt: new Date().toISOString() });
        await trx.updateTable('payment_sessions').set({ status: 'expired' }).where('order_id', '=', orderId).where('status', '=', 'open').execute();
        await releaseStock(trx, tenantId, orderId);
        return true;
      });
    },

    /** The buyer pays on account after all: the order is placed as such and its confirmation mail noted. */
    switchToOnAccount(tenantId: number, orderId: number, method: { id: number; name: string }, audit?: AuditHook): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .leftJoin('users', 'users.id', 'orders.user_id')
          .select(['orders.id as order_id', 'orders.tenant_id', 'orders.locale', 'orders.company_id', 'orders.placed_by_user_id', 'users.email'])
          .where('orders.tenant_id', '=', tenantId)
          .where('orders.id', '=', orderId)
          .executeTakeFirst();
        if (!order) return false;
        const switched = await leavePayable(trx, tenantId, orderId, { payment_status: 'open', payment_method: method.name, payment_method_id: method.id });
        if (switched === null) return false;
        await trx.updateTable('payment_sessions').set({ status: 'expired' }).where('order_id', '=', orderId).where('status', '=', 'open').execute();
        await queueMail(trx, order);
        await audit?.(trx);
        return true;
      });
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
