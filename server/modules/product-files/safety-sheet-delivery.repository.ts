import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { safetySheetRecipientRoles } from '../access/safety-sheet-readers.ts';
import { inChunks, readInChunks } from '../erp/in-chunks.ts';
import { placedPaymentStates } from '../orders/placed-orders.ts';

// What the delivery of a safety data sheet's new version reads and writes (safety-sheet-delivery.ts), on the
// transaction that stored the file, and the versions a company received.

/** The statements of one delivery, on the transaction of the file's write. */
export function safetySheetDeliveryStatements(trx: DatabaseTransaction) {
  return {
    /** The document with its product and variant: what the notifications and mails name. */
    sheet(tenantId: number, fileId: number) {
      return trx
        .selectFrom('product_files as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .leftJoin('product_variants as v', 'v.id', 'f.variant_id')
        .select(['f.id', 'f.title', 'f.visibility', 'f.variant_id', 'p.id as product_id', 'p.sku', 'p.name', 'p.name_en', 'v.variant_sku', 'v.name as variant_name'])
        .where('f.tenant_id', '=', tenantId)
        .where('f.id', '=', fileId)
        .executeTakeFirst();
    },

    /**
     * The companies with the product (a variant's line counts for its product) on an order that counts as
     * bought, placed since `since`; for a document of named companies, only those.
     */
    async buyers(tenantId: number, productId: number, since: string, namedBy: number | null): Promise<number[]> {
      let query = trx
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select('o.company_id')
        .distinct()
        .where('i.tenant_id', '=', tenantId)
        .where('i.product_id', '=', productId)
        .where('o.tenant_id', '=', tenantId)
        .where('o.payment_status', 'in', placedPaymentStates)
        .where('o.order_date', '>=', since);
      if (namedBy !== null) query = query.where('o.company_id', 'in', (eb) => eb.selectFrom('product_file_companies as c').select('c.company_id').where('c.file_id', '=', namedBy));
      const rows = await query.orderBy('o.company_id').execute();
      return rows.map((row) => row.company_id);
    },

    /** Notes the version as delivered to each company; answers the companies it is new to (a delivery noted before stays as it was). */
    async noteDeliveries(delivery: { tenantId: number; fileId: number; version: string; deliveredAt: string }, companyIds: readonly number[]): Promise<number[]> {
      const reached: number[] = [];
      for (const chunk of inChunks(companyIds)) {
        const inserted = await trx
          .insertInto('safety_sheet_deliveries')
          .values(chunk.map((companyId) => ({ tenant_id: delivery.tenantId, file_id: delivery.fileId, company_id: companyId, version: delivery.version, delivered_at: delivery.deliveredAt })))
          .onConflict((conflict) => conflict.columns(['file_id', 'company_id', 'version']).doNothing())
          .returning('company_id')
          .execute();
        reached.push(...inserted.map((row) => row.company_id));
      }
      return reached;
    },

    /** The active users of these companies who get the version: the companies' own buyers. */
    async recipients(tenantId: number, companyIds: readonly number[]) {
      const users = await readInChunks(companyIds, (chunk) =>
        trx
          .selectFrom('users')
          .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'locale'])
          .where('tenant_id', '=', tenantId)
          .where('company_id', 'in', chunk)
          .where('role', 'in', safetySheetRecipientRoles)
          .where('is_active', '=', 1)
          .orderBy('id')
          .execute(),
      );
      return users.flatMap((user) => (user.company_id === null ? [] : [{ ...user, company_id: user.company_id }]));
    },
  };
}

export function createSafetySheetDeliveryRepository(db: Database) {
  return {
    /** The company's deliveries, newest first, with their document and product as they are now. */
    receivedBy(tenantId: number, companyId: number) {
      return db
        .selectFrom('safety_sheet_deliveries as d')
        .innerJoin('product_files as f', 'f.id', 'd.file_id')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .select(['d.file_id', 'd.version', 'd.delivered_at', 'f.title', 'f.language', 'f.file_version', 'p.id as product_id', 'p.sku', 'p.name', 'p.name_en'])
        .where('d.tenant_id', '=', tenantId)
        .where('d.company_id', '=', companyId)
        .orderBy('d.delivered_at', 'desc')
        .orderBy('d.id', 'desc')
        .execute();
    },
  };
}

export type SafetySheetDeliveryRepository = ReturnType<typeof createSafetySheetDeliveryRepository>;
