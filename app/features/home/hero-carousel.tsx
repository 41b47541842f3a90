import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import type { Configuration } from '../../../server/page-surface.server';

export type Hero = Configuration['heroes'][number];

// Proportions of the hero artwork (8:3); the box keeps them, so nothing jumps while it loads.
const imageWidth = 1600;
const imageHeight = 600;

function isAbsoluteUrl(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link);
}

function HeroAction({ hero }: { hero: Hero }) {
  const { t } = useTranslation();
  const className = buttonClasses('primary', 'md', 'mt-4');
  if (isAbsoluteUrl(hero.link)) {
    return (
      <a href={hero.link} target="_blank" rel="noopener noreferrer" className={className}>
        {hero.buttonText}
        <span className="sr-only"> {t('common.opens_new_tab')}</span>
      </a>
    );
  }
  return (
    <Link to={hero.link} className={className}>
      {hero.buttonText}
    </Link>
  );
}

function Slide({ hero, index, count, active }: { hero: Hero; index: number; count: number; active: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-roledescription={t('hero.carousel.slide_role')}
      aria-label={t('hero.carousel.slide', { index: index + 1, count })}
      hidden={!active}
      className="relative overflow-hidden rounded-lg bg-zinc-900"
    >
      {hero.imageUrl ? (
        <img
          src={hero.imageUrl}
          alt=""
          width={imageWidth}
          height={imageHeight}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding={index === 0 ? 'sync' : 'async'}
          className="aspect-[8/3] w-full object-cover lg:aspect-[16/5]"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[8/3] w-full bg-gradient-to-br from-brand to-zinc-900 lg:aspect-[16/5]" />
      )}
      {/* Phones: text below the picture. Desktop: on a solid dark panel over it (the picture may be light anywhere). */}
      <div className="p-4 text-white lg:absolute lg:top-1/2 lg:left-10 lg:max-w-xl lg:-translate-y-1/2 lg:rounded-md lg:bg-zinc-950/85 lg:p-6">
        <h2 className="text-lg leading-tight font-semibold sm:text-2xl lg:text-3xl">{hero.title}</h2>
        {hero.subtitle ? <p className="mt-2 text-sm text-zinc-100 sm:text-base">{hero.subtitle}</p> : null}
        {hero.buttonText ? <HeroAction hero={hero} /> : null}
      </div>
    </div>
  );
}

/**
 * The home page's hero slides (site settings). No autoplay: buyers read at their own pace and nothing
 * moves under the pointer; previous/next buttons and one dot per slide switch them.
 */
export function HeroCarousel({ heroes }: { heroes: readonly Hero[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const slidesId = useId();
  if (heroes.length === 0) return null;
  const count = heroes.length;
  // The list can shrink between loads (settings changed); never point past its end.
  const active = current % count;
  const go = (index: number) => setCurrent((index + count) % count);
  const arrowClass =
    'inline-flex size-8 items-center justify-center rounded-md border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100';

  return (
    <section aria-roledescription={t('hero.carousel.role')} aria-label={t('hero.carousel.label')}>
      <div id={slidesId} aria-live="polite">
        {heroes.map((hero, index) => (
          <Slide key={hero.id} hero={hero} index={index} count={count} active={index === active} />
        ))}
      </div>
      {count > 1 ? (
        // Controls below the slide, never over its text.
        <div className="mt-2 flex items-center justify-center gap-2">
          <button
            type="button"
            aria-controls={slidesId}
            aria-label={t('hero.carousel.previous')}
            onClick={() => go(active - 1)}
            className={arrowClass}
          >
            <ChevronLeftIcon className="size-4" />
          </button>
          {heroes.map((hero, index) => (
            <button
              key={hero.id}
              type="button"
              aria-controls={slidesId}
              aria-label={t('hero.carousel.go_to', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => go(index)}
              className="inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${index === active ? 'w-5 bg-brand' : 'w-2 bg-zinc-400 hover:bg-zinc-600'}`}
              />
            </button>
          ))}
          <button
            type="button"
            aria-controls={slidesId}
            aria-label={t('hero.carousel.next')}
            onClick={() => go(active + 1)}
            className={arrowClass}
          >
            <ChevronRightIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
