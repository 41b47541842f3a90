import { sql, type NotNull } from 'kysely';
import type { Database } from '../../db/database.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { placedPaymentStates } from '../orders/placed-orders.ts';

// What the downloads of downloadable products read and write (docs/product.md, Product documents and
// downloads): the company's bought order lines of products with stored download files, as
// server/modules/access/product-downloads.ts states the rule (a variant's file needs a line of that variant),
// the credit notes against those orders, the reader's own downloads, and the session a link is signed for.

/** Which of the company's files to read: one, or those of some products (at least one); all when neither is named. */
export interface GrantFilter {
  fileId?: number;
  productIds?: readonly number[];
}

/** The skus a credit note's lines name (read leniently: a line without a readable sku names none). */
function skusOfLines(column: string): string[] {
  const lines = parseJsonColumn<unknown>(column, []);
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    const sku = typeof line === 'object' && line !== null ? (line as { sku?: unknown }).sku : undefined;
    return typeof sku === 'string' && sku !== '' ? [sku] : [];
  });
}

export function createDownloadsRepository(db: Database) {
  return {
    /** Every stored download file of the tenant with each bought line of the company that is of its product or variant. */
    grants(tenantId: number, companyId: number, filter: GrantFilter = {}) {
      let query = db
        .selectFrom('product_files as f')
        .innerJoin('order_items as i', (join) => join.onRef('i.product_id', '=', 'f.product_id').onRef('i.tenant_id', '=', 'f.tenant_id'))
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .leftJoin('product_variants as v', 'v.id', 'f.variant_id')
        .select([
          'f.id as file_id',
          'f.product_id',
          'f.variant_id',
          'f.title',
          'f.file_version',
          'f.file_name',
          'f.content_type',
          'f.bytes',
          'f.sha256',
          'f.file_at',
          'f.sort_order',
          'p.sku as product_sku',
          'p.name as product_name',
          'p.name_en as product_name_en',
          'v.variant_sku',
          'o.id as order_id',
          'o.order_number',
          'o.order_date',
          'o.user_id as order_user_id',
          'i.sku as line_sku',
          'i.variant_sku as line_variant_sku',
        ])
        .where('f.tenant_id', '=', tenantId)
        .where('f.purpose', '=', 'download')
        .where('f.sha256', 'is not', null)
        .where((eb) => eb.or([eb('f.variant_id', 'is', null), eb('f.variant_id', '=', eb.ref('i.variant_id'))]))
        .where('o.company_id', '=', companyId)
        .where('o.payment_status', 'in', placedPaymentStates)
        // A file's columns are written with its hash (the ERP's file upload): a stored file has them all.
        .$narrowType<{ sha256: NotNull; file_version: NotNull; content_type: NotNull; bytes: NotNull; file_at: NotNull }>();
      if (filter.fileId !== undefined) query = query.where('f.id', '=', filter.fileId);
      if (filter.productIds !== undefined) query = query.where('f.product_id', 'in', filter.productIds);
      return query.execute();
    },

    /** The skus the company's credit notes against these orders name, by order id. */
    async creditedSkus(tenantId: number, companyId: number, orderIds: readonly number[]): Promise<Map<number, Set<string>>> {
      const credited = new Map<number, Set<string>>();
      if (orderIds.length === 0) return credited;
      const rows = await db
        .selectFrom('finance_documents')
        .select(['order_id', 'lines'])
        .where('order_id', 'in', orderIds)
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .where('type', '=', 'credit')
        .execute();
      for (const row of rows) {
        if (row.order_id === null) continue;
        const skus = credited.get(row.order_id) ?? new Set<string>();
        for (const sku of skusOfLines(row.lines)) skus.add(sku);
        credited.set(row.order_id, skus);
      }
      return credited;
    },

    /** The product and variant of each line of the company's order, by the line's sku and variant sku. */
    orderLines(tenantId: number, companyId: number, orderId: number) {
      return db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.sku', 'i.variant_sku', 'i.product_id', 'i.variant_id'])
        .where('i.order_id', '=', orderId)
        .where('i.tenant_id', '=', tenantId)
        .where('o.company_id', '=', companyId)
        .execute();
    },

    /** How often the user downloaded each of these files for the company, and when last. */
    downloadCounts(tenantId: number, userId: number, companyId: number, fileIds: readonly number[]) {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('file_downloads')
        .select((eb) => ['file_id', eb.fn.countAll<number | string>().as('count'), eb.fn.max('downloaded_at').as('last_at')])
        .where('user_id', '=', userId)
        .where('file_id', 'in', fileIds)
        .where('company_id', '=', companyId)
        .where('tenant_id', '=', tenantId)
        .groupBy('file_id')
        .execute();
    },

    /** The stored token hash of the tenant's session: the key of its links (none once it ended). */
    async sessionTokenHash(tenantId: number, sessionId: number): Promise<string | null> {
      const row = await db.selectFrom('sessions').select('token_hash').where('id', '=', sessionId).where('tenant_id', '=', tenantId).executeTakeFirst();
      return row?.token_hash ?? null;
    },

    /**
     * Logs a download, unless the user has one of the file logged since `since`: a download manager fetching
     * a file in many ranges, or resuming it, counts once. The check and the insert are one statement: SQLite
     * runs it alone, so two ranges at once log one row; PostgreSQL may log both of two that arrive together.
     */
    async recordDownload(entry: { tenantId: number; fileId: number; userId: number; companyId: number; fileVersion: string; at: string; since: string }): Promise<void> {
      const integer = (value: number) => sql<number>`cast(${value} as integer)`;
      const text = (value: string) => sql<string>`cast(${value} as text)`;
      const alreadyLogged = db.selectFrom('file_downloads').select('id').where('file_id', '=', entry.fileId).where('user_id', '=', entry.userId).where('downloaded_at', '>', entry.since);
      const row = db
        .selectNoFrom([
          integer(entry.tenantId).as('tenant_id'),
          integer(entry.fileId).as('file_id'),
          integer(entry.userId).as('user_id'),
          integer(entry.companyId).as('company_id'),
          text(entry.fileVersion).as('file_version'),
          text(entry.at).as('downloaded_at'),
        ])
        .where(({ not, exists }) => not(exists(alreadyLogged)));
      await db
        .insertInto('file_downloads')
        .columns(['tenant_id', 'file_id', 'user_id', 'company_id', 'file_version', 'downloaded_at'])
        .expression(row)
        .execute();
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
