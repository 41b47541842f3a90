import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';

// The tenant's key for signing personalised order sheets (migration 0045; docs/product.md, Order sheets: the
// personalised sheet). Made on first use: a new key is written only where none is yet, then the stored one is
// read back, so app instances that make one at the same moment all end up with the one that was written first.

export function createSigningKeyRepository(db: Database) {
  const known = new Map<number, Buffer>();
  return {
    async keyOf(tenantId: number): Promise<Buffer> {
      const cached = known.get(tenantId);
      if (cached) return cached;
      const read = () => db.selectFrom('tenants').select('order_sheet_key').where('id', '=', tenantId).executeTakeFirst();
      let stored = (await read())?.order_sheet_key ?? null;
      if (stored === null) {
        await db
          .updateTable('tenants')
          .set({ order_sheet_key: randomBytes(32).toString('base64url') })
          .where('id', '=', tenantId)
          .where('order_sheet_key', 'is', null)
          .execute();
        stored = (await read())?.order_sheet_key ?? null;
      }
      if (stored === null) throw new Error(`tenant ${tenantId} has no order-sheet key`);
      // A key never changes once written: remembering it spares every download and upload a query.
      const key = Buffer.from(stored, 'base64url');
      known.set(tenantId, key);
      return key;
    },
  };
}

export type SigningKeyRepository = ReturnType<typeof createSigningKeyRepository>;
