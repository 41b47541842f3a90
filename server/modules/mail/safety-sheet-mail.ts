import { productPath } from '../../../core/category-path.ts';
import type { Locale } from '../../../core/locale.ts';
import { safetySheetRecipientMonths } from '../../../core/product-files.ts';
import { translatorFor } from '../../i18n.ts';
import { detailsBlock, escapeHtml, framedBlocks, type RenderedMail, type ShopIdentity } from './mail-layout.ts';

// The mail of a new version of a safety data sheet (docs/product.md, Product documents and downloads): each
// user of a company that bought the product within the last 12 months gets one, in their language, naming
// the product, the document and its version, with a link to the product page, where the sheet is. The
// payload is written when the version came.

export interface SafetySheetMailPayload {
  fullName: string;
  /** The product's name in the user's language when the version came. */
  productName: string;
  productId: number;
  /** The variant sku of a variant's sheet, else the sku: the product page's `sku` query. */
  domainReference: string;
  /** The document's title, as the ERP named it. */
  title: string;
  version: string;
}

function productLink(publicUrl: string, payload: SafetySheetMailPayload): string {
  return `${publicUrl.replace(/\/+$/, '')}${productPath({ _id: payload.productId, sku: payload.domainReference })}`;
}

export function renderSafetySheet(payload: SafetySheetMailPayload, options: { locale: Locale; shop: ShopIdentity; publicUrl: string }): RenderedMail {
  const t = translatorFor(options.locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.safety_sheet.${key}`, params);
  const link = productLink(options.publicUrl, payload);
  const details = detailsBlock([
    [k('product'), `${payload.productName} (${payload.domainReference})`],
    [k('document'), payload.title],
    [k('version'), payload.version],
  ]);
  const linkBlock = {
    html: `<p>${escapeHtml(k('link'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    text: `${k('link')}\n${link}`,
  };
  const blocks = [
    k('greeting', { name: payload.fullName }),
    k('body', { months: safetySheetRecipientMonths }),
    details,
    linkBlock,
    k('duty'),
    t('mail.closing', { shop: options.shop.name }),
  ];
  return framedBlocks(k('subject', { name: payload.productName, shop: options.shop.name }), blocks, options.shop, options.locale);
}
