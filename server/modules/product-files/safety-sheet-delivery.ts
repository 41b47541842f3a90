import { defaultLocale, isLocale, localizedName, type Locale } from '../../../core/locale.ts';
import { productDocumentUrl, safetySheetRecipientMonths, type SafetySheetDelivery } from '../../../core/product-files.ts';
import type { RequestContext } from '../../context.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import { requireSafetySheetReader } from '../access/safety-sheet-readers.ts';
import { queueMails } from '../mail/mail-outbox.repository.ts';
import { insertNotifications } from '../notifications/notification.repository.ts';
import type { ProductDocumentService } from './product-documents.service.ts';
import { safetySheetDeliveryStatements, type SafetySheetDeliveryRepository } from './safety-sheet-delivery.repository.ts';

// A safety data sheet's new version reaches the companies that bought its product (docs/product.md, Product
// documents and downloads; REACH article 31(9)): every company of the tenant with the product, or one of its
// variants, on an order placed on account or paid (server/modules/orders/placed-orders.ts) within the last
// 12 months, for a document of named companies only those. Each company gets a version once (the delivery
// is noted, and a version noted before reaches nobody again, whether the same file came twice or a request
// was retried); each of its active users gets a notification and a mail in their language. All of it in
// the transaction that stored the file: the version is stored and delivered, or neither.

export interface SafetySheetVersion {
  tenantId: number;
  fileId: number;
  productId: number;
  /** The version the stored file now has. */
  version: string;
  now: Date;
}

/** The moment `months` calendar months before `now` (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - months);
  return since;
}

const localeOf = (user: { locale: string | null }): Locale => (isLocale(user.locale) ? user.locale : defaultLocale);

/** Delivers the version on the file's transaction; answers how many companies it reached for the first time. */
export async function deliverSafetySheetVersion(trx: DatabaseTransaction, delivery: SafetySheetVersion): Promise<number> {
  const statements = safetySheetDeliveryStatements(trx);
  const { tenantId, fileId, version } = delivery;
  const sheet = await statements.sheet(tenantId, fileId);
  if (!sheet) return 0;
  const since = monthsBefore(delivery.now, safetySheetRecipientMonths).toISOString();
  const buyers = await statements.buyers(tenantId, delivery.productId, since, sheet.visibility === 'companies' ? fileId : null);
  const deliveredAt = delivery.now.toISOString();
  const reached = await statements.noteDeliveries({ tenantId, fileId, version, deliveredAt }, buyers);
  if (reached.length === 0) return 0;

  const users = await statements.recipients(tenantId, reached);
  const domainReference = sheet.variant_sku ?? sheet.sku;
  const nameFor = (locale: Locale) => sheet.variant_name ?? localizedName(locale, sheet.name, sheet.name_en);
  await insertNotifications(
    trx,
    users.map((user) => ({
      tenant_id: tenantId,
      user_id: user.id,
      company_id: user.company_id,
      type: 'safetyDataSheet' as const,
      product_id: sheet.product_id,
      variant_id: sheet.variant_id,
      name: nameFor(localeOf(user)),
      domain_reference: domainReference,
      quantity: null,
      alarm_id: null,
      mail_state: 'sent' as const,
      created_at: deliveredAt,
      file_id: fileId,
      file_version: version,
    })),
  );
  await queueMails(
    trx,
    users
      .filter((user) => user.email.trim() !== '')
      .map((user) => {
        const locale = localeOf(user);
        const payload = { fullName: `${user.first_name} ${user.last_name}`.trim(), productName: nameFor(locale), productId: sheet.product_id, domainReference, title: sheet.title, version };
        return { to: { tenantId, recipient: user.email, locale }, mail: { kind: 'safety_sheet' as const, payload } };
      }),
  );
  return reached.length;
}

export function createSafetySheets(deps: { deliveries: SafetySheetDeliveryRepository; documents: Pick<ProductDocumentService, 'visibleIds'> }) {
  /** The versions the company received, newest first, with each document's current version (`url`: none; list gives the reader's). */
  async function receivedBy(tenantId: number, companyId: number, locale: Locale = defaultLocale): Promise<SafetySheetDelivery[]> {
    const rows = await deps.deliveries.receivedBy(tenantId, companyId);
    return rows.map((row) => ({
      documentId: row.file_id,
      productId: row.product_id,
      productName: localizedName(locale, row.name, row.name_en),
      sku: row.sku,
      title: row.title,
      language: isLocale(row.language) ? row.language : null,
      receivedVersion: row.version,
      receivedAt: row.delivered_at,
      currentVersion: row.file_version ?? row.version,
      url: null,
    }));
  }

  return {
    receivedBy,

    /** GET /api/account/safety-sheets: what the company the caller acts for received. */
    async list(requestCtx: RequestContext): Promise<SafetySheetDelivery[]> {
      const ctx = requireSafetySheetReader(requestCtx);
      const received = await receivedBy(ctx.tenant.id, ctx.identity.companyId, ctx.locale);
      // The current file, where the reader may still open it (a product taken out of the catalogue: not).
      const visible = await deps.documents.visibleIds(requestCtx, [...new Set(received.map((delivery) => delivery.documentId))]);
      return received.map((delivery) => ({ ...delivery, url: visible.has(delivery.documentId) ? productDocumentUrl(delivery.documentId) : null }));
    },
  };
}

export type SafetySheets = ReturnType<typeof createSafetySheets>;
