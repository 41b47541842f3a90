import { isLocale, type Locale } from '../../../core/locale.ts';
import { formatShopDate } from '../../../core/shop-date-format.ts';
import { translatorFor } from '../../i18n.ts';
import { detailsBlock, framedBlocks, shopContactLine, type RenderedMail, type ShopIdentity } from './mail-layout.ts';

// The two mails of a contact message, queued together:
//  - 'contact_message' to the seller's contact address (seller_companies.email), in the shop's language:
//    the message, who wrote it (for an account its company, for a sales person also the customer they
//    act for), when and in which language, and a reply that reaches the sender;
//  - 'contact_copy' to the sender, in the language of the page they wrote on: that the message arrived,
//    what happens next, the message quoted, and whom to tell if they did not send it.
// Both tell the message as it was sent (the payload is written with the mails and never read again).

/** A customer company as the seller knows it. */
export interface ContactCompany {
  name: string;
  customerNo: string;
}

/** Who wrote a contact message. */
export interface ContactSender {
  name: string;
  email: string;
  /** The account's company; null for a visitor. */
  company: ContactCompany | null;
  /** The customer a sales person acts for while writing; null for everyone else. */
  actingFor: ContactCompany | null;
}

/** A contact message as its mails tell of it. */
export interface ContactMessagePayload {
  sentAt: string;
  subject: string;
  message: string;
  sender: ContactSender;
  /** The sender's language. */
  locale: string;
}

type Options = { locale: Locale; shop: ShopIdentity };

/** The message to the seller; `replyTo` lets a reply reach the sender. */
export function renderContactMessage(contact: ContactMessagePayload, options: Options): RenderedMail {
  const { locale, shop } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.contact_message.${key}`, params);
  const { sender } = contact;
  const companyLine = (company: ContactCompany) => k('company_line', { company: company.name, customerNo: company.customerNo });
  const senderLanguage = isLocale(contact.locale) ? t(`language.${contact.locale}`) : contact.locale;
  const details: [string, string][] = [
    [t('contact.field.subject'), contact.subject],
    [t('contact.field.message'), contact.message],
    [t('contact.field.name'), sender.name],
    [t('contact.field.email'), sender.email],
    [k('company'), sender.company ? companyLine(sender.company) : k('no_account')],
    ...(sender.actingFor ? [[k('acting_for'), companyLine(sender.actingFor)] as [string, string]] : []),
    [k('language'), senderLanguage],
  ];
  const content = framedBlocks(
    k('subject', { subject: contact.subject }),
    [k('greeting'), k('body', { name: sender.name, date: formatShopDate(contact.sentAt, locale, true) }), detailsBlock(details), k('reply', { name: sender.name, email: sender.email })],
    shop,
    locale,
  );
  return { ...content, replyTo: sender.email };
}

/** The sender's copy: received, what happens next, the message quoted. */
export function renderContactCopy(contact: ContactMessagePayload, options: Options): RenderedMail {
  const { locale, shop } = options;
  const t = translatorFor(locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.contact_copy.${key}`, params);
  return framedBlocks(
    k('subject', { shop: shop.name, subject: contact.subject }),
    [
      k('greeting', { name: contact.sender.name }),
      k('body', { date: formatShopDate(contact.sentAt, locale, true) }),
      k('next', { email: contact.sender.email }),
      k('quoted'),
      detailsBlock([
        [t('contact.field.subject'), contact.subject],
        [t('contact.field.message'), contact.message],
      ]),
      k('not_you', { contact: shopContactLine(shop) }),
      t('mail.closing', { shop: shop.name }),
    ],
    shop,
    locale,
  );
}
