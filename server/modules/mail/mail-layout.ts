import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';

// Every mail of the shop in one frame (docs/product.md, Mail): the seller's logo (or name) on top, the content,
// and the seller's contact data at the foot, as HTML and as plain text. Each mail kind renders only its
// content; every value that goes into the HTML is escaped here or by the kind with escapeHtml.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the shop (the seller's notice of a signup request or a contact message: to its sender). */
  replyTo?: string;
}

/** Who the shop is in its mails: the tenant's seller company. */
export interface ShopIdentity {
  name: string;
  email: string;
  phone: string | null;
  /** The postal address, a line each. */
  address: string[];
  /** An absolute URL of the logo, or null to show the name. */
  logoUrl: string | null;
}

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text as HTML: escaped, its line breaks kept. */
export const multilineHtml = (value: string): string => escapeHtml(value).replace(/\n/g, '<br>');

/** The shop's phone and e-mail address on one line, for "if this was not you, contact …". */
export const shopContactLine = (shop: ShopIdentity): string => [shop.phone, shop.email].filter(Boolean).join(' · ');

/** A part of a mail's content: a paragraph of text, or a piece with HTML of its own and its plain text. */
export type MailBlock = string | { html: string; text: string };

/**
 * Labelled values as a block: a table in HTML, "label: value" lines in text, where a value of several
 * lines is indented under its label.
 */
export function detailsBlock(rows: readonly (readonly [label: string, value: string])[]): MailBlock {
  return {
    html: [
      '<table style="border-collapse:collapse;margin:8px 0 16px">',
      ...rows.map(
        ([label, value]) =>
          `<tr><th style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${multilineHtml(value)}</td></tr>`,
      ),
      '</table>',
    ].join('\n'),
    text: rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, '\n  ')}`).join('\n'),
  };
}

/** A mail in the shop's frame made of blocks: paragraphs in HTML, blank lines between them in text. */
export function framedBlocks(subject: string, blocks: readonly MailBlock[], shop: ShopIdentity, locale: Locale): RenderedMail {
  const html = blocks.map((block) => (typeof block === 'string' ? `<p>${multilineHtml(block)}</p>` : block.html)).join('\n');
  const text = blocks.map((block) => (typeof block === 'string' ? block : block.text)).join('\n\n');
  return framedMail({ subject, html, text }, shop, locale);
}

/** The seller's logo as a URL a mail client can load: a path of the shop is made absolute. */
export function absoluteLogoUrl(logoUrl: string | null, publicUrl: string): string | null {
  if (!logoUrl) return null;
  if (/^https?:\/\//i.test(logoUrl)) return logoUrl;
  return `${publicUrl.replace(/\/+$/, '')}/${logoUrl.replace(/^\/+/, '')}`;
}

/** A mail in the shop's frame: `html` is the content's HTML (already escaped), `text` its plain text. */
export function framedMail(content: { subject: string; html: string; text: string }, shop: ShopIdentity, locale: Locale): RenderedMail {
  const t = translatorFor(locale);
  const e = escapeHtml;
  const contact = [shop.name, ...shop.address, shop.phone ? `${t('mail.footer.phone')} ${shop.phone}` : null, `${t('mail.footer.email')} ${shop.email}`].filter(
    (line): line is string => line !== null && line.trim() !== '',
  );
  const header = shop.logoUrl
    ? `<img src="${e(shop.logoUrl)}" alt="${e(shop.name)}" style="max-height:48px;max-width:240px">`
    : `<strong style="font-size:18px">${e(shop.name)}</strong>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${e(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.4;margin:0;padding:16px">',
    `<div style="padding-bottom:12px;border-bottom:1px solid #ddd;margin-bottom:16px">${header}</div>`,
    content.html,
    `<div style="margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:12px;color:#555">${contact.map(e).join('<br>')}</div>`,
    '</body></html>',
  ].join('\n');
  const text = [content.text, '', '-- ', ...contact].join('\n');
  return { subject: content.subject, html, text };
}
