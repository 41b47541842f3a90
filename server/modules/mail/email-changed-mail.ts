import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import { framedBlocks, shopContactLine, type RenderedMail, type ShopIdentity } from './mail-layout.ts';
import type { EmailChangedPayload } from './mail-outbox.repository.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';

// The notice to a user's old e-mail address that it was replaced (a profile change): whoever took over
// a session and changed the address is seen by the one who owns the old one, who is told whom to call.

export function renderEmailChanged(change: EmailChangedPayload, options: { locale: Locale; shop: ShopIdentity }): RenderedMail {
  const { locale, shop } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.email_changed.${key}`, params);
  const paragraphs = [
    k('greeting', { name: change.fullName }),
    k('body', { email: change.newEmail, date: formatShopDate(change.changedAt, locale, true) }),
    k('not_you', { contact: shopContactLine(shop) }),
    t('mail.closing', { shop: shop.name }),
  ];
  return framedBlocks(k('subject', { shop: shop.name }), paragraphs, shop, locale);
}
