import { useTranslation } from '../lib/i18n';
import { BannerGrid } from '../features/home/banner-grid';
import { HeroCarousel } from '../features/home/hero-carousel';
import { useRootData } from '../features/session/use-root-data';
import { appLoadContext } from '../app-context';
import { loadHomeProducts } from '../features/catalog/home-products.server';
import { ProductSection } from '../features/catalog/product-section';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const load = context.get(appLoadContext);
  const [products, configuration] = await Promise.all([loadHomeProducts(load), load.services.settings.getConfiguration(load.ctx)]);
  return { ...products, heroes: configuration.heroes, banners: configuration.banners };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { configuration, session } = useRootData();
  const name = session?.account.isGuest ? null : session?.account.firstName;
  return (
    <div className="space-y-8" data-testid="home">
      <h1 className="sr-only">{t('home.title', { company: configuration.company.name })}</h1>
      {loaderData.heroes.length > 0 ? <HeroCarousel heroes={loaderData.heroes} /> : null}
      {name ? <p className="text-lg text-zinc-800">{t('home.welcome_back', { name })}</p> : null}
      <ProductSection title={t('home.featured')} products={loaderData.featured} testId="home-featured" />
      <ProductSection title={t('home.bestsellers')} products={loaderData.bestsellers} testId="home-bestsellers" />
      {loaderData.banners.length > 0 ? <BannerGrid banners={loaderData.banners} /> : null}
    </div>
  );
}
