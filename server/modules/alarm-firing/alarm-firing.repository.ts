import { sql } from 'kysely';
import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import { inChunks, readInChunks } from '../erp/in-chunks.ts';

// What the firing worker reads and writes (ADR 0027): the claims on the stock_alarm_checks outbox (migration
// 0047), and, in a batch's transaction, the watched products, their alarms and wishlist entries with their
// users, today's low-stock notices, and the guarded marks of fired alarms. Every read is one query per 500
// products (in-chunks.ts), never one per alarm.
// Claiming is one statement, like the mail outbox's (mail-outbox.repository.ts): PostgreSQL skips rows
// another process has locked; SQLite's single writer runs it alone. A claim is a lease (claimed_until): the
// checks of a process that died are claimed again once it ran out; a batch's transaction deletes its checks.

export interface ClaimedCheck {
  id: number;
  tenant_id: number;
  product_id: number;
  variant_id: number | null;
  previous_stock: number;
}

export interface StoredProduct {
  id: number;
  tenant_id: number;
  sku: string;
  name: string;
  name_en: string | null;
  stock: number;
  is_active: number;
  category_id: number | null;
  sales_batch_size: number;
}

export interface StoredVariant {
  id: number;
  product_id: number;
  variant_sku: string;
  stock: number;
  is_active: number;
}

/** The user of an alarm or wishlist entry, as the rules and the mails need them. */
interface WatcherColumns {
  user_id: number;
  company_id: number;
  is_deal: number;
  user_active: number;
  stock_mail: string;
  email: string;
  locale: string | null;
  first_name: string;
  last_name: string;
}

export interface StoredAlarm extends WatcherColumns {
  id: number;
  tenant_id: number;
  product_id: number;
  variant_id: number | null;
  name: string;
  domain_reference: string;
  quantity: number;
  fired_at: string | null;
  last_fired_at: string | null;
}

export interface StoredWishlistEntry extends WatcherColumns {
  product_id: number;
}

export interface NewNotification {
  tenant_id: number;
  user_id: number;
  company_id: number;
  product_id: number;
  variant_id: number | null;
  name: string;
  domain_reference: string;
  type: 'backInStock' | 'lowStock';
  quantity: number | null;
  alarm_id: number | null;
  mail_state: 'digest' | 'sent' | null;
  created_at: string;
}

// A notification row binds 12 values: 500 rows stay far below both engines' limits on bound values.
const rowsPerInsert = 500;

export function createAlarmCheckRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** Claims up to `limit` due checks until `now + leaseMs`, oldest first. */
    async claimDue(limit: number, leaseMs: number, now: Date): Promise<ClaimedCheck[]> {
      const nowIso = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      // A read first: every process polls every second, and an update that finds nothing would still take
      // SQLite's one write lock from the shop's writers each time.
      const anyDue = await db
        .selectFrom('stock_alarm_checks')
        .select('id')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
        .limit(1)
        .executeTakeFirst();
      if (!anyDue) return [];
      const rows = await db
        .updateTable('stock_alarm_checks')
        .set({ claimed_until: until })
        .where('id', 'in', () => {
          const due = db
            .selectFrom('stock_alarm_checks as due')
            .select('due.id')
            .where((eb) => eb.or([eb('due.claimed_until', 'is', null), eb('due.claimed_until', '<', nowIso)]))
            .orderBy('due.id')
            .limit(limit);
          return isPostgres ? due.forUpdate().skipLocked() : due;
        })
        .returning(['id', 'tenant_id', 'product_id', 'variant_id', 'previous_stock'])
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    /** Whether checks are waiting (claimed or not): for tests that wait until every check was judged. */
    async pendingCount(): Promise<number> {
      const row = await db.selectFrom('stock_alarm_checks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The reads and writes of one batch, on its transaction. */
export function alarmFiringStatements(trx: DatabaseTransaction) {
  const isPostgres = engineOf(trx) === 'postgres';
  const watcherColumns = ['u.is_deal', 'u.is_active as user_active', 'u.stock_mail', 'u.email', 'u.locale', 'u.first_name', 'u.last_name'] as const;
  return {
    /**
     * PostgreSQL: holds the batch's products for this transaction (advisory locks, in id order, so two
     * workers never wait on each other in a cycle), so two batches of the same product run one after the
     * other and the second sees what the first wrote (fired alarms, today's low-stock notices). Stock writers
     * do not take these locks. SQLite's writer already runs one transaction at a time (BEGIN IMMEDIATE).
     */
    async holdProducts(productIds: readonly number[]): Promise<void> {
      if (!isPostgres || productIds.length === 0) return;
      const ids = [...productIds].sort((a, b) => a - b);
      await sql`select count(pg_advisory_xact_lock(47, s.id)) from (select unnest(cast(${ids} as integer[])) as id order by 1) s`.execute(trx);
    },

    products(productIds: readonly number[]): Promise<StoredProduct[]> {
      return readInChunks(productIds, (chunk) =>
        trx
          .selectFrom('products')
          .select(['id', 'tenant_id', 'sku', 'name', 'name_en', 'stock', 'is_active', 'category_id', 'sales_batch_size'])
          .where('id', 'in', chunk)
          .execute(),
      );
    },

    variants(variantIds: readonly number[]): Promise<StoredVariant[]> {
      return readInChunks(variantIds, (chunk) =>
        trx.selectFrom('product_variants').select(['id', 'product_id', 'variant_sku', 'stock', 'is_active']).where('id', 'in', chunk).execute(),
      );
    },

    alarms(productIds: readonly number[]): Promise<StoredAlarm[]> {
      return readInChunks(productIds, (chunk) =>
        trx
          .selectFrom('stock_alarms as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select(['a.id', 'a.tenant_id', 'a.user_id', 'a.company_id', 'a.product_id', 'a.variant_id', 'a.name', 'a.domain_reference', 'a.quantity', 'a.fired_at', 'a.last_fired_at', ...watcherColumns])
          .where('a.product_id', 'in', chunk)
          .execute(),
      );
    },

    /** The wishlist entries of the products whose wishlists belong to a company (a buyer's). */
    wishlistEntries(productIds: readonly number[]): Promise<StoredWishlistEntry[]> {
      return readInChunks(productIds, (chunk) =>
        trx
          .selectFrom('wishlist_items as wi')
          .innerJoin('wishlists as w', 'w.id', 'wi.wishlist_id')
          .innerJoin('users as u', 'u.id', 'w.user_id')
          .select(['wi.product_id', 'w.user_id', sql<number>`w.company_id`.as('company_id'), ...watcherColumns])
          .where('wi.product_id', 'in', chunk)
          .where('w.company_id', 'is not', null)
          .execute(),
      );
    },

    /** (user, company, product) of the lowStock notifications of these users and products given since `since`. */
    lowStockGivenSince(userIds: readonly number[], productIds: readonly number[], since: string): Promise<{ user_id: number; company_id: number; product_id: number }[]> {
      return readInChunks(userIds, (chunk) =>
        trx
          .selectFrom('notifications')
          .select(['user_id', 'company_id', sql<number>`product_id`.as('product_id')])
          .where('user_id', 'in', chunk)
          .where('product_id', 'in', productIds)
          .where('type', '=', 'lowStock')
          .where('created_at', '>=', since)
          .execute(),
      );
    },

    /** Marks the alarms fired, each only if it is still armed; answers the ids this transaction fired. */
    async markFired(alarmIds: readonly number[], now: string): Promise<number[]> {
      const fired = await readInChunks(alarmIds, (chunk) =>
        trx.updateTable('stock_alarms').set({ fired_at: now, last_fired_at: now }).where('id', 'in', chunk).where('fired_at', 'is', null).returning('id').execute(),
      );
      return fired.map((row) => row.id);
    },

    /** Inserts the notifications; answers their ids in the order given. */
    async insertNotifications(rows: readonly NewNotification[]): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += rowsPerInsert) {
        const inserted = await trx.insertInto('notifications').values(rows.slice(start, start + rowsPerInsert)).returning('id').execute();
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    async deleteChecks(checkIds: readonly number[]): Promise<void> {
      for (const chunk of inChunks(checkIds)) await trx.deleteFrom('stock_alarm_checks').where('id', 'in', chunk).execute();
    },
  };
}

/** The daily digest's statements (alarm-digest.ts), on its transaction. */
export function alarmDigestStatements(trx: DatabaseTransaction) {
  return {
    /** Claims the shop day's digest; false when a process already sent it. */
    async claimDay(shopDay: string, now: string): Promise<boolean> {
      const claimed = await trx
        .insertInto('stock_alarm_digest_runs')
        .values({ shop_day: shopDay, ran_at: now })
        .onConflict((conflict) => conflict.column('shop_day').doNothing())
        .returning('shop_day')
        .execute();
      return claimed.length > 0;
    },

    /** Marks the notifications waiting for the digest written before `before` sent; answers them. */
    takeWaiting(before: string) {
      return trx
        .updateTable('notifications')
        .set({ mail_state: 'sent' })
        .where('mail_state', '=', 'digest')
        .where('created_at', '<', before)
        .returning(['id', 'tenant_id', 'user_id', 'product_id', 'domain_reference', 'quantity', 'created_at'])
        .execute();
    },

    recipients(userIds: readonly number[]) {
      return readInChunks(userIds, (chunk) => trx.selectFrom('users').select(['id', 'email', 'locale', 'first_name', 'last_name', 'stock_mail']).where('id', 'in', chunk).execute());
    },

    productNames(productIds: readonly number[]) {
      return readInChunks(productIds, (chunk) => trx.selectFrom('products').select(['id', 'name', 'name_en']).where('id', 'in', chunk).execute());
    },
  };
}
