import type { Locale } from '../../../core/locale.ts';
import { productPath } from '../../../core/category-path.ts';
import { translatorFor } from '../../i18n.ts';
import { escapeHtml, framedBlocks, type MailBlock, type RenderedMail, type ShopIdentity } from './mail-layout.ts';

// The stock alarms' mails (docs/product.md, "Stock alarms and notifications"): a user who chose a mail for
// each notification gets one when an alarm fires ('stock_alarm'); one who chose the daily digest gets one
// mail a day listing the alarms that fired the days before ('stock_alarm_digest'). Each product links to its
// page on the shop's public URL. The payload is written when the alarm fires, in the user's language.

export interface StockAlarmMailItem {
  /** The product's name in the user's language when the alarm fired. */
  name: string;
  productId: number;
  /** The variant sku, else the sku: the product page's `sku` query. */
  domainReference: string;
  quantity: number;
}

export interface StockAlarmMailPayload {
  fullName: string;
  items: StockAlarmMailItem[];
}

function productLink(publicUrl: string, item: StockAlarmMailItem): string {
  return `${publicUrl.replace(/\/+$/, '')}${productPath({ _id: item.productId, sku: item.domainReference })}`;
}

function productList(items: readonly StockAlarmMailItem[], options: { locale: Locale; publicUrl: string }): MailBlock {
  const t = translatorFor(options.locale);
  const line = (item: StockAlarmMailItem) => t('mail.stock_alarm.item', { name: item.name, sku: item.domainReference, quantity: item.quantity });
  return {
    html: `<ul>${items.map((item) => `<li><a href="${escapeHtml(productLink(options.publicUrl, item))}">${escapeHtml(line(item))}</a></li>`).join('')}</ul>`,
    text: items.map((item) => `- ${line(item)}\n  ${productLink(options.publicUrl, item)}`).join('\n'),
  };
}

/** One alarm fired: its product is available again in the wished quantity. */
export function renderStockAlarm(payload: StockAlarmMailPayload, options: { locale: Locale; shop: ShopIdentity; publicUrl: string }): RenderedMail {
  const t = translatorFor(options.locale);
  const first = payload.items[0];
  const subject = t('mail.stock_alarm.subject', { name: first?.name ?? '', shop: options.shop.name });
  const blocks = [t('mail.stock_alarm.greeting', { name: payload.fullName }), t('mail.stock_alarm.body'), productList(payload.items, options), t('mail.stock_alarm.settings'), t('mail.closing', { shop: options.shop.name })];
  return framedBlocks(subject, blocks, options.shop, options.locale);
}

/** The daily digest: every alarm of the user that fired since the last one. */
export function renderStockAlarmDigest(payload: StockAlarmMailPayload, options: { locale: Locale; shop: ShopIdentity; publicUrl: string }): RenderedMail {
  const t = translatorFor(options.locale);
  const subject = t('mail.stock_alarm_digest.subject', { count: payload.items.length, shop: options.shop.name });
  const blocks = [
    t('mail.stock_alarm.greeting', { name: payload.fullName }),
    t('mail.stock_alarm_digest.body', { count: payload.items.length }),
    productList(payload.items, options),
    t('mail.stock_alarm.settings'),
    t('mail.closing', { shop: options.shop.name }),
  ];
  return framedBlocks(subject, blocks, options.shop, options.locale);
}
