import { defaultLocale, isLocale, localizedName } from '../../../core/locale.ts';
import { shopDayStart, shopToday } from '../../../core/shop-day.ts';
import type { Database } from '../../db/database.ts';
import { queueMails } from '../mail/mail-outbox.repository.ts';
import { alarmDigestStatements } from './alarm-firing.repository.ts';
import type { StockAlarmMailItem } from '../mail/stock-alarm-mails.ts';

// The daily digest of alarm mails (docs/product.md, "Stock alarms and notifications"): once per shop day,
// the first worker round of any process claims the day (its row in stock_alarm_digest_runs, migration
// 0047) and, in the same transaction, queues one mail per user listing the backInStock notifications that
// waited for it (mail_state 'digest') from the days before, and marks them sent. Another process's round
// finds the day claimed and does nothing; a crash before the commit leaves the day to the next round.

/** Sends the day's digest if no process has yet; answers how many digest mails were queued. */
export async function sendDailyDigest(db: Database, now: Date): Promise<number> {
  const today = shopToday(now);
  return db.transaction().execute(async (trx) => {
    const statements = alarmDigestStatements(trx);
    if (!(await statements.claimDay(today, now.toISOString()))) return 0;
    const due = await statements.takeWaiting(shopDayStart(today));
    if (due.length === 0) return 0;
    const users = new Map((await statements.recipients([...new Set(due.map((row) => row.user_id))])).map((user) => [user.id, user]));
    const productIds = [...new Set(due.flatMap((row) => (row.product_id === null ? [] : [row.product_id])))];
    const products = new Map((await statements.productNames(productIds)).map((product) => [product.id, product]));
    const byUser = new Map<number, typeof due>();
    for (const row of due.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    const mails = [...byUser].flatMap(([userId, rows]) => {
      const user = users.get(userId);
      // A user who turned the mails off since gets none; the notifications count as sent all the same.
      if (!user || user.stock_mail === 'off' || user.email.trim() === '') return [];
      const locale = isLocale(user.locale) ? user.locale : defaultLocale;
      const items: StockAlarmMailItem[] = rows.flatMap((row) => {
        // A product deleted since has no page to link to.
        const product = row.product_id === null ? undefined : products.get(row.product_id);
        if (!product || row.domain_reference === null) return [];
        return [{ name: localizedName(locale, product.name, product.name_en), productId: product.id, domainReference: row.domain_reference, quantity: row.quantity ?? 1 }];
      });
      if (items.length === 0) return [];
      const fullName = `${user.first_name} ${user.last_name}`.trim();
      return [{ to: { tenantId: rows[0]!.tenant_id, recipient: user.email, locale }, mail: { kind: 'stock_alarm_digest' as const, payload: { fullName, items } } }];
    });
    await queueMails(trx, mails);
    return mails.length;
  });
}
