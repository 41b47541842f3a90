import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon, InfoIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';

// What /static/contact-us shows instead of the form: the message was sent (and what happens next), or the
// seller has no address to write to ('contact.unavailable'), so only the contact data beside it remain.

export function ContactSent({ copyTo }: { copyTo: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // After the post the form is gone: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="contact-sent">
      <CheckCircleIcon className="mx-auto size-10 text-success" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-xl font-semibold text-zinc-900 outline-none">
        {t('contact.sent.title')}
      </h2>
      <p className="mt-3 text-zinc-800">{t('contact.sent.body', { email: copyTo })}</p>
      <p className="mt-2 text-zinc-700">{t('contact.sent.next')}</p>
      <Link to="/static/contact-us" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('contact.sent.again')}
      </Link>
    </section>
  );
}

export function ContactUnavailable() {
  const { t } = useTranslation();
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="contact-unavailable">
      <InfoIcon className="mx-auto size-10 text-info" />
      <p className="mt-3 text-zinc-800">{t('contact.unavailable')}</p>
    </section>
  );
}
