import type { Database } from '../../db/database.ts';

// One row per Idempotency-Key (migration 0013). Claimed before the order's transaction starts and
// bound to the order inside it, so a repeated request finds the order and a second click while the
// first is still running finds the claim.

export interface CheckoutRequest {
  user_id: number;
  request_hash: string;
  order_id: number | null;
  started_at: string;
}

export function createCheckoutRequestRepository(db: Database) {
  return {
    /** Claims the key; answers the existing claim instead when the key was used before. */
    async claim(input: { tenantId: number; key: string; userId: number; requestHash: string; now: string }): Promise<CheckoutRequest | null> {
      const inserted = await db
        .insertInto('checkout_requests')
        .values({ tenant_id: input.tenantId, idempotency_key: input.key, user_id: input.userId, request_hash: input.requestHash, order_id: null, started_at: input.now })
        .onConflict((conflict) => conflict.columns(['tenant_id', 'idempotency_key']).doNothing())
        .returning('idempotency_key')
        .executeTakeFirst();
      if (inserted) return null;
      return (
        (await db
          .selectFrom('checkout_requests')
          .select(['user_id', 'request_hash', 'order_id', 'started_at'])
          .where('tenant_id', '=', input.tenantId)
          .where('idempotency_key', '=', input.key)
          .executeTakeFirst()) ?? null
      );
    },

    /**
     * Takes over a claim whose request never finished (its process died): only while it is still
     * unbound and as old as `startedBefore`, so two retries cannot both take it.
     */
    async takeOverAbandoned(input: { tenantId: number; key: string; startedBefore: string; now: string }): Promise<boolean> {
      const result = await db
        .updateTable('checkout_requests')
        .set({ started_at: input.now })
        .where('tenant_id', '=', input.tenantId)
        .where('idempotency_key', '=', input.key)
        .where('order_id', 'is', null)
        .where('started_at', '<=', input.startedBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives the key back after a refusal, so the buyer can correct the cart and try again with it. */
    async release(tenantId: number, key: string): Promise<void> {
      await db.deleteFrom('checkout_requests').where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).where('order_id', 'is', null).execute();
    },

    /** Binds the key to its order; runs inside the order's transaction. */
    async bind(tenantId: number, key: string, orderId: number): Promise<void> {
      await db.updateTable('checkout_requests').set({ order_id: orderId }).where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).execute();
    },
  };
}

export type CheckoutRequestRepository = ReturnType<typeof createCheckoutRequestRepository>;
