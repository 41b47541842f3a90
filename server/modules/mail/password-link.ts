import type { Locale } from '../../../core/locale.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { translatorFor } from '../../i18n.ts';
import { escapeHtml, framedBlocks, type RenderedMail, type ShopIdentity } from './mail-layout.ts';
import type { PasswordLinkPayload } from './mail-outbox.repository.ts';

// What the mails with a link to set a password share (password-reset-mail.ts, user-invitation-mail.ts):
// the absolute link to /reset?token=…, shown as a button in HTML and as a bare line in text (mail clients
// turn it into a link), when it stops working, and the username to sign in with afterwards.

/** The page that sets the password, on the shop's public URL (config PUBLIC_URL, like the order mail's link). */
export function passwordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset?token=${encodeURIComponent(token)}`;
}

/**
 * A framed mail: the paragraphs before the link, the link (button label `action`), a line with the
 * expiry and the username, the paragraphs after, and the shop's closing.
 */
export function renderPasswordLinkMail(
  content: { subject: string; before: string[]; action: string; after: string[]; payload: PasswordLinkPayload },
  options: { locale: Locale; shop: ShopIdentity; publicUrl: string },
): RenderedMail {
  const { locale, shop } = options;
  const t = translatorFor(locale);
  const link = passwordLink(options.publicUrl, content.payload.token);
  const validity = t('mail.password_link.valid_until', { date: formatShopDate(content.payload.expiresAt, locale, true) });
  const username = t('mail.password_link.username', { username: content.payload.username });
  const e = escapeHtml;
  const button = {
    html: [
      `<p style="margin:24px 0"><a href="${e(link)}" style="background:#27272a;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${e(content.action)}</a></p>`,
      `<p style="font-size:13px;color:#555">${e(t('mail.password_link.fallback'))}<br><a href="${e(link)}">${e(link)}</a></p>`,
    ].join('\n'),
    text: `${content.action}:\n${link}`,
  };
  const blocks = [...content.before, button, `${validity}\n${username}`, ...content.after, t('mail.closing', { shop: shop.name })];
  return framedBlocks(content.subject, blocks, shop, locale);
}

/** The payload as the outbox keeps it once the mail is sent: everything but the token. */
export function withoutToken<T extends PasswordLinkPayload>(payload: T): Omit<T, 'token'> {
  const { token: _sent, ...kept } = payload;
  return kept;
}
