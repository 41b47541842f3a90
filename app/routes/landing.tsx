import { Form, Link } from 'react-router';
import { appLoadContext } from '../app-context';
import { SellerHtml } from '../components/seller-html';
import { CheckCircleIcon } from '../components/ui/icons';
import { useRootData } from '../features/session/use-root-data';
import { SignupLink } from '../features/signup/signup-links';
import { loadLandingPage } from '../features/static/landing.server';
import { useTranslation } from '../lib/i18n';
import { searchEngineMeta } from '../lib/search-engine-meta';
import type { Route } from './+types/landing';

// The first screen for someone who is not signed in (docs/product.md, Landing page): who the wholesaler
// is, what the shop offers a business customer, and the ways in: sign in, browse as a guest, ask for an
// account. A visitor from a search engine finds its own title, description and canonical address.

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadLandingPage(context.get(appLoadContext), request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? searchEngineMeta(loaderData) : [];
}

// What the shop offers, one tile each: what every business customer has, whatever the site settings.
const offers = ['range', 'orders', 'quick_order', 'account'] as const;

const buttonBase = 'inline-flex h-11 items-center justify-center rounded-md px-6 font-medium';

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { configuration } = useRootData();
  const company = configuration.company;
  const logo = configuration.logo ?? company.logo;
  return (
    <div className="w-full max-w-4xl space-y-10" data-testid="landing">
      <section className="mx-auto max-w-lg text-center">
        {logo ? <img src={logo} alt={company.name} width={240} height={60} className="mx-auto mb-8 h-14 w-auto" /> : null}
        <h1 className="text-2xl font-semibold text-zinc-900 sm:text-3xl">{t('landing.title', { company: company.name })}</h1>
        <p className="mt-3 text-zinc-700">{t('landing.intro')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/auth" className={`${buttonBase} bg-brand text-white hover:opacity-90`}>
            {t('landing.sign_in')}
          </Link>
          <Form method="post" action="/auth">
            <button type="submit" name="intent" value="guest" className={`${buttonBase} w-full border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 sm:w-auto`}>
              {t('landing.browse_as_guest')}
            </button>
          </Form>
        </div>
        <SignupLink className="mt-4" />
      </section>

      <section aria-labelledby="landing-offers">
        <h2 id="landing-offers" className="text-center text-xl font-semibold text-zinc-900">
          {t('landing.offers.title')}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="landing-offers">
          {offers.map((id) => (
            <li key={id} className="flex gap-3 rounded-lg border border-zinc-200 bg-white p-4">
              <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-brand-text" />
              <div>
                <h3 className="font-semibold text-zinc-900">{t(`landing.offers.${id}.title`)}</h3>
                <p className="mt-1 text-sm leading-6 text-zinc-700">{t(`landing.offers.${id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.welcomeHtml ? (
        <section aria-labelledby="landing-about" className="rounded-lg border border-zinc-200 bg-white p-5 sm:p-6" data-testid="landing-welcome">
          <h2 id="landing-about" className="text-xl font-semibold text-zinc-900">
            {t('landing.about', { company: company.name })}
          </h2>
          <SellerHtml html={loaderData.welcomeHtml} className="mt-3" />
        </section>
      ) : null}

      <footer className="text-center text-sm leading-6 text-zinc-600">
        <address className="not-italic">
          {company.name}
          <br />
          {company.address}, {company.postCode} {company.city}
          <br />
          <a className="underline" href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>
            {company.phone}
          </a>
          {' · '}
          <a className="underline" href={`mailto:${company.email}`}>
            {company.email}
          </a>
        </address>
        <p className="mt-3 flex justify-center gap-4">
          <Link to="/static" className="underline">
            {t('static.tab.overview')}
          </Link>
          <Link to="/static/contact-us" className="underline">
            {t('static.tab.contact')}
          </Link>
        </p>
      </footer>
    </div>
  );
}
