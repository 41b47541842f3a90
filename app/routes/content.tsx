import { useTranslation } from '../lib/i18n';
import { data, Link } from 'react-router';
import type { Route } from './+types/content';
import { appLoadContext } from '../app-context';
import { SellerHtml } from '../components/seller-html';

// The wholesaler's own pages (imprint, terms, contact …), readable without signing in.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, ctx } = context.get(appLoadContext);
  if (!params.slug) return { page: null, pages: await services.content.listPages(ctx) };
  const page = await services.content.findPage(ctx, params.slug);
  if (!page) throw data(null, { status: 404 });
  return { page, pages: [] };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.page ? [{ title: loaderData.page.title }] : [];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, pages } = loaderData;
  if (page) {
    return (
      <article className="mx-auto max-w-3xl" data-testid="content-page">
        <SellerHtml html={page.html} />
      </article>
    );
  }
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-semibold text-zinc-900">{t('content.index.title')}</h1>
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white">
        {pages.map((p) => (
          <li key={p.slug}>
            <Link to={`/content/${p.slug}`} className="block px-4 py-3 text-zinc-900 hover:bg-zinc-50">
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
