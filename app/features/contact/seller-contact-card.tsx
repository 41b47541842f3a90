import { SellerHtml } from '../../components/seller-html';
import { useTranslation } from '../../lib/i18n';
import type { SellerContact } from './contact.server';

// The seller's contact data beside the contact form: address, phone and e-mail address as links, and the
// seller's own text for the page (opening hours …) under them.

const linkClass = 'font-medium text-brand-text underline underline-offset-2 break-all';

export function SellerContactCard({ seller, contactHtml }: { seller: SellerContact; contactHtml: string }) {
  const { t } = useTranslation();
  const place = [seller.postCode, seller.city].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="contact-seller-title" className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-6" data-testid="contact-seller">
      <h2 id="contact-seller-title" className="text-lg font-semibold text-zinc-900">
        {t('contact.seller.title')}
      </h2>
      <address className="mt-3 space-y-1 text-sm text-zinc-800 not-italic">
        <p className="font-medium text-zinc-900">{seller.name}</p>
        {seller.street ? <p>{seller.street}</p> : null}
        {place ? <p>{place}</p> : null}
        {seller.country ? <p>{seller.country}</p> : null}
      </address>
      {seller.phone || seller.email ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {seller.phone ? (
            <>
              <dt className="text-zinc-600">{t('contact.seller.phone')}</dt>
              <dd>
                <a href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                  {seller.phone}
                </a>
              </dd>
            </>
          ) : null}
          {seller.email ? (
            <>
              <dt className="text-zinc-600">{t('contact.seller.email')}</dt>
              <dd>
                <a href={`mailto:${seller.email}`} className={linkClass}>
                  {seller.email}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {contactHtml ? <SellerHtml html={contactHtml} className="mt-4 border-t border-zinc-200 pt-4 text-sm" /> : null}
    </section>
  );
}
