import { useTranslation } from '../lib/i18n';
import { Form, Link } from 'react-router';
import { useRootData } from '../features/session/use-root-data';
import { SignupLink } from '../features/signup/signup-links';

// The first screen for someone who is not signed in: who the wholesaler is, and the two ways in.
export default function LandingPage() {
  const { t } = useTranslation();
  const { configuration } = useRootData();
  const company = configuration.company;
  const logo = configuration.logo ?? company.logo;
  return (
    <section className="mx-auto w-full max-w-lg text-center" data-testid="landing">
      {logo ? <img src={logo} alt={company.name} width={240} height={60} className="mx-auto mb-8 h-14 w-auto" /> : null}
      <h1 className="text-2xl font-semibold text-zinc-900 sm:text-3xl">{t('landing.title', { company: company.name })}</h1>
      <p className="mt-3 text-zinc-700">{t('landing.intro')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/auth" className="inline-flex h-11 items-center justify-center rounded-md bg-brand px-6 font-medium text-white hover:opacity-90">
          {t('landing.sign_in')}
        </Link>
        <Form method="post" action="/auth">
          <button
            type="submit"
            name="intent"
            value="guest"
            className="inline-flex h-11 w-full items-center justify-center rounded-md border border-zinc-300 bg-white px-6 font-medium text-zinc-800 hover:bg-zinc-50 sm:w-auto"
          >
            {t('landing.browse_as_guest')}
          </button>
        </Form>
      </div>
      <SignupLink className="mt-4" />
      <address className="mt-10 text-sm not-italic leading-6 text-zinc-600">
        {company.name}
        <br />
        {company.address}, {company.postCode} {company.city}
        <br />
        <a className="underline" href={`tel:${company.phone.replace(/\s+/g, '')}`}>
          {company.phone}
        </a>
        {' · '}
        <a className="underline" href={`mailto:${company.email}`}>
          {company.email}
        </a>
      </address>
    </section>
  );
}
