import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircleIcon, InfoIcon } from '../../components/ui/icons';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';

// What /signup shows instead of the form: the request was received (and what happens next), or the
// shop takes no requests now ('signup.blocked') and whom to call instead.

export function SignupReceived({ companyName, email }: { companyName: string; email: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // After the post the form is gone: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="w-full max-w-xl rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="signup-success">
      <CheckCircleIcon className="mx-auto size-10 text-success" />
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-semibold text-zinc-900 outline-none">
        {t('signup.success.title')}
      </h1>
      <p className="mt-3 text-zinc-800">{t('signup.success.body', { company: companyName, email })}</p>
      <p className="mt-2 text-zinc-700">{t('signup.success.next')}</p>
      <Link to="/landing" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('signup.back')}
      </Link>
    </section>
  );
}

export function SignupBlocked({ contact }: { contact: { phone: string; email: string } }) {
  const { t } = useTranslation();
  return (
    <section className="w-full max-w-xl rounded-lg border border-zinc-200 bg-white p-6 text-center" data-testid="signup-blocked">
      <InfoIcon className="mx-auto size-10 text-info" />
      <h1 className="mt-3 text-2xl font-semibold text-zinc-900">{t('signup.title')}</h1>
      <p className="mt-3 text-zinc-800">{t('signup.blocked')}</p>
      <p className="mt-2 text-sm text-zinc-700">
        {contact.phone ? (
          <a className="underline underline-offset-2" href={`tel:${contact.phone.replace(/\s+/g, '')}`}>
            {contact.phone}
          </a>
        ) : null}
        {contact.phone && contact.email ? ' · ' : null}
        {contact.email ? (
          <a className="underline underline-offset-2" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        ) : null}
      </p>
      <Link to="/landing" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('signup.back')}
      </Link>
    </section>
  );
}
