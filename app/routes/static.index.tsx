import { Link } from 'react-router';
import { SellerHtml } from '../components/seller-html';
import { appLoadContext } from '../app-context';
import { loadInformationPages, type InformationSectionId } from '../features/static/information-pages.server';
import { useRootData } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';
import type { Route } from './+types/static.index';

// /static: the index of the shop's information pages (docs/product.md, Information pages). The seller's
// texts stand on the page, each a section of its own that the list at the side links to; the terms,
// the content pages (imprint, shipping …) and the contact form are linked.

export async function loader({ context }: Route.LoaderArgs) {
  return loadInformationPages(context.get(appLoadContext));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'information');
}

const sectionTitleKey: Record<InformationSectionId, string> = {
  'about-us': 'static.section.about_us',
  returns: 'static.section.returns',
  privacy: 'static.section.privacy',
};

const linkClass = 'rounded text-brand-text underline-offset-2 hover:underline';

export default function InformationIndexPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { company } = useRootData().configuration;
  const { sections, termsUrl, contentPages } = loaderData;
  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <nav aria-labelledby="information-contents" className="rounded-lg border border-zinc-200 bg-white p-4">
          <h2 id="information-contents" className="text-sm font-semibold text-zinc-900">
            {t('static.contents')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClass}>
                  {t(sectionTitleKey[section.id])}
                </a>
              </li>
            ))}
            {termsUrl ? (
              <li>
                <Link to={termsUrl} className={linkClass}>
                  {t('static.terms')}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/static/contact-us" className={linkClass}>
                {t('static.tab.contact')}
              </Link>
            </li>
          </ul>
          {contentPages.length > 0 ? (
            <>
              <h2 className="mt-5 text-sm font-semibold text-zinc-900">{t('static.more')}</h2>
              <ul className="mt-3 space-y-2 text-sm" data-testid="information-content-pages">
                {contentPages.map((page) => (
                  <li key={page.slug}>
                    <Link to={`/content/${page.slug}`} className={linkClass}>
                      {page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </nav>
        <section aria-labelledby="information-reach-us" className="rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-800">
          <h2 id="information-reach-us" className="font-semibold text-zinc-900">
            {t('static.reach_us')}
          </h2>
          <p className="mt-2">{t('static.reach_us.text', { company: company.name })}</p>
          <Link to="/static/contact-us" className="mt-3 inline-flex h-10 items-center rounded-md bg-brand px-4 font-medium text-white hover:opacity-90">
            {t('static.write_to_us')}
          </Link>
        </section>
      </aside>
      <div className="min-w-0 space-y-8">
        <header>
          <h1 className="text-2xl font-semibold text-zinc-900">{t('static.title')}</h1>
          <p className="mt-2 max-w-prose text-zinc-700">{t('static.intro', { company: company.name })}</p>
        </header>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 rounded-lg border border-zinc-200 bg-white p-5 sm:p-6" data-testid={`information-${section.id}`}>
            <h2 id={`${section.id}-title`} className="mb-3 text-xl font-semibold text-zinc-900">
              {t(sectionTitleKey[section.id])}
            </h2>
            <SellerHtml html={section.html} className="max-w-prose" />
          </section>
        ))}
        {sections.length === 0 ? <p className="text-zinc-700">{t('static.no_texts')}</p> : null}
      </div>
    </div>
  );
}
