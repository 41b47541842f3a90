import { isLocale, type Locale } from '../../../core/locale.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { translatorFor } from '../../i18n.ts';
import { countryNameOf } from '../addresses/countries.ts';
import { detailsBlock, framedBlocks, shopContactLine, type RenderedMail, type ShopIdentity } from './mail-layout.ts';

// The two mails of a signup request, both written with the request in its transaction:
//  - 'signup_confirmation' to the requester, in the language of the page they wrote it on: what was
//    received, what happens next, and whom to tell if they did not send it;
//  - 'signup_notification' to the seller's contact address (seller_companies.email), in the shop's
//    language: every field of the request, its number, and a reply that reaches the requester.
// Both list the request as it was sent (the payload is what was stored, never read again).

/** A signup request as its mails tell of it. */
export interface SignupRequestPayload {
  requestId: number;
  receivedAt: string;
  companyName: string;
  vatId: string | null;
  customerNo: string | null;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string | null;
  /** The requester's language. */
  locale: string;
}

type Options = { locale: Locale; shop: ShopIdentity };

/** The request's fields as label and value, in the reader's language; empty optional fields left out. */
function detailRows(request: SignupRequestPayload, locale: Locale): [string, string][] {
  const t = translatorFor(locale);
  const rows: [string, string | null][] = [
    [t('signup.field.company_name'), request.companyName],
    [t('signup.field.vat_id'), request.vatId],
    [t('signup.field.customer_no'), request.customerNo],
    [t('signup.mail.address'), `${request.street}\n${request.zipCode} ${request.city}\n${countryNameOf(request.countryCode, locale)}`],
    [t('signup.mail.contact'), `${request.firstName} ${request.lastName}`],
    [t('signup.field.email'), request.email],
    [t('signup.field.phone'), request.phone],
    [t('signup.field.message'), request.message],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** The paragraphs before, the request's fields as a table, the paragraphs after. */
function render(parts: { subject: string; before: string[]; details: [string, string][]; after: string[] }, options: Options): RenderedMail {
  return framedBlocks(parts.subject, [...parts.before, detailsBlock(parts.details), ...parts.after], options.shop, options.locale);
}

export function renderSignupConfirmation(request: SignupRequestPayload, options: Options): RenderedMail {
  const { locale, shop } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.signup_confirmation.${key}`, params);
  return render(
    {
      subject: k('subject', { shop: shop.name }),
      before: [
        k('greeting', { name: `${request.firstName} ${request.lastName}` }),
        k('body', { company: request.companyName, date: formatShopDate(request.receivedAt, locale, true) }),
        k('next'),
        k('details'),
      ],
      details: detailRows(request, locale),
      after: [k('not_you', { contact: shopContactLine(shop) }), t('mail.closing', { shop: shop.name })],
    },
    options,
  );
}

/** The notification to the seller; `replyTo` lets a reply reach the requester. */
export function renderSignupNotification(request: SignupRequestPayload, options: Options): RenderedMail {
  const { locale } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.signup_notification.${key}`, params);
  const requesterLanguage = isLocale(request.locale) ? t(`language.${request.locale}`) : request.locale;
  const content = render(
    {
      subject: k('subject', { company: request.companyName }),
      before: [k('greeting'), k('body', { id: request.requestId, date: formatShopDate(request.receivedAt, locale, true) })],
      details: [...detailRows(request, locale), [k('language'), requesterLanguage]],
      after: [k('reply', { name: `${request.firstName} ${request.lastName}`, email: request.email })],
    },
    options,
  );
  return { ...content, replyTo: request.email };
}
