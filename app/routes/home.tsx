import { useTranslation } from '../lib/i18n';
import { BannerGrid } from '../features/home/banner-grid';
import { HeroCarousel } from '../features/home/hero-carousel';
import { useRootData } from '../features/session/use-root-data';

export default function HomePage() {
  const { t } = useTranslation();
  const { configuration, session } = useRootData();
  const name = session?.account.isGuest ? null : session?.account.firstName;
  return (
    <div className="space-y-8" data-testid="home">
      <h1 className="sr-only">{t('home.title', { company: configuration.company.name })}</h1>
      {configuration.heroes.length > 0 ? <HeroCarousel heroes={configuration.heroes} /> : null}
      {name ? <p className="text-lg text-zinc-800">{t('home.welcome_back', { name })}</p> : null}
      {configuration.banners.length > 0 ? <BannerGrid banners={configuration.banners} /> : null}
    </div>
  );
}
