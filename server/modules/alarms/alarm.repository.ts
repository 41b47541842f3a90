import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';
import type { Row } from '../../db/schema.ts';

// A user's stock alarms for the company they act for (docs/product.md, Stock alarms and notifications):
// one per domain reference (the unique key (user_id, company_id, domain_reference)).

export interface AlarmOwner {
  tenantId: number;
  userId: number;
  companyId: number;
}

export interface AlarmWish {
  productId: number;
  variantId: number | null;
  name: string;
  domainReference: string;
  quantity: number;
}

export type AlarmRow = Pick<Row<'stock_alarms'>, 'id' | 'product_id' | 'variant_id' | 'name' | 'domain_reference' | 'quantity' | 'created_at' | 'fired_at'>;

const alarmColumns = ['id', 'product_id', 'variant_id', 'name', 'domain_reference', 'quantity', 'created_at', 'fired_at'] as const;

export interface DemandEntry {
  sku: string;
  variantSku: string | null;
  openAlarms: number;
  wishedQuantity: number;
  oldestAlarmAt: string;
}

/** An entry and the domain reference it is grouped by (the feed's cursor). */
export interface DemandRow {
  domainReference: string;
  entry: DemandEntry;
}

export function createAlarmRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** The owner's alarms, newest first. */
    list(owner: AlarmOwner, limit: number): Promise<AlarmRow[]> {
      return db
        .selectFrom('stock_alarms')
        .select(alarmColumns)
        .where('tenant_id', '=', owner.tenantId)
        .where('user_id', '=', owner.userId)
        .where('company_id', '=', owner.companyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * The owner's alarm for the wish's domain reference, new or changed: a known one takes the new quantity
     * and is re-armed (fired_at cleared). A new one beyond `limit` alarms is refused ('limit', nothing written).
     * The count and the write share one transaction (on PostgreSQL behind a lock per owner, so two new
     * alarms at once cannot both be the 500th); `audit` (a sales person acting for a customer) records it there.
     */
    async save(owner: AlarmOwner, wish: AlarmWish, limit: number, audit?: AuditHook): Promise<AlarmRow | 'limit'> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) await sql`select pg_advisory_xact_lock(hashtext(${`stock-alarms:${owner.userId}:${owner.companyId}`}))`.execute(trx);
        const ofOwner = trx
          .selectFrom('stock_alarms')
          .where('tenant_id', '=', owner.tenantId)
          .where('user_id', '=', owner.userId)
          .where('company_id', '=', owner.companyId);
        const existing = await ofOwner.select('id').where('domain_reference', '=', wish.domainReference).executeTakeFirst();
        if (!existing) {
          const { n } = await ofOwner.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          if (Number(n) >= limit) return 'limit';
        }
        const saved = await trx
          .insertInto('stock_alarms')
          .values({
            tenant_id: owner.tenantId,
            user_id: owner.userId,
            company_id: owner.companyId,
            product_id: wish.productId,
            variant_id: wish.variantId,
            name: wish.name,
            domain_reference: wish.domainReference,
            quantity: wish.quantity,
            created_at: new Date().toISOString(),
          })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'company_id', 'domain_reference']).doUpdateSet({ quantity: wish.quantity, name: wish.name, fired_at: null }),
          )
          .returning(alarmColumns)
          .executeTakeFirstOrThrow();
        await audit?.(trx);
        return saved;
      });
    },

    /**
     * Deletes the owner's alarms among `ids` (others' ids delete nothing); answers how many went. `audit` (a
     * sales person acting for a customer) records a deletion in the same transaction.
     */
    async delete(owner: AlarmOwner, ids: readonly number[], audit?: AuditHook): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('stock_alarms')
          .where('tenant_id', '=', owner.tenantId)
          .where('user_id', '=', owner.userId)
          .where('company_id', '=', owner.companyId)
          .where('id', 'in', ids)
          .executeTakeFirst();
        const deleted = Number(result.numDeletedRows);
        if (deleted > 0) await audit?.(trx, { deleted });
        return deleted;
      });
    },

    /**
     * The tenant's open (not fired) alarms per domain reference, in the order of the domain reference, after
     * `after` (exclusive; null from the start): what purchasing reads (GET /erp/v1/alarms/demand).
     */
    async demand(tenantId: number, after: string | null, limit: number): Promise<DemandRow[]> {
      let query = db
        .selectFrom('stock_alarms as a')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .leftJoin('product_variants as v', 'v.id', 'a.variant_id')
        .select((eb) => [
          'a.domain_reference',
          'p.sku',
          'v.variant_sku',
          eb.fn.countAll<number>().as('open_alarms'),
          eb.fn.sum<number>('a.quantity').as('wished_quantity'),
          eb.fn.min('a.created_at').as('oldest_alarm_at'),
        ])
        .where('a.tenant_id', '=', tenantId)
        .where('a.fired_at', 'is', null)
        .groupBy(['a.domain_reference', 'p.sku', 'v.variant_sku'])
        .orderBy('a.domain_reference')
        .orderBy('p.sku')
        .limit(limit);
      if (after !== null) query = query.where('a.domain_reference', '>', after);
      const rows = await query.execute();
      return rows.map((row) => ({
        domainReference: row.domain_reference,
        entry: {
          sku: row.sku,
          variantSku: row.variant_sku,
          openAlarms: Number(row.open_alarms),
          wishedQuantity: Number(row.wished_quantity),
          oldestAlarmAt: row.oldest_alarm_at,
        },
      }));
    },
  };
}

export type AlarmRepository = ReturnType<typeof createAlarmRepository>;

