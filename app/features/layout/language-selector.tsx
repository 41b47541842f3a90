import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { supportedLocales } from '../../../core/locale';
import { useRootData } from '../session/use-root-data';
import { LocaleFlag } from './flags';

/** One submit button per locale; /locale sets the cookie and sends the person back to this page. */
export function LanguageSelector({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const location = useLocation();
  const headingId = useId();

  return (
    <form method="post" action="/locale" aria-labelledby={headingId}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <p id={headingId} className={compact ? 'sr-only' : 'mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase'}>
        {t('language.selector.label')}
      </p>
      <div className={compact ? 'flex gap-1' : 'grid grid-cols-2 gap-2'}>
        {supportedLocales.map((option) => {
          const current = option === locale;
          return (
            <button
              key={option}
              type="submit"
              name="locale"
              value={option}
              lang={option}
              data-testid={`language-option-${option}`}
              aria-current={current ? 'true' : undefined}
              className={`inline-flex items-center gap-2 rounded-md border text-sm ${compact ? 'h-8 px-2' : 'h-10 px-3'} ${
                current
                  ? 'border-brand bg-brand-soft font-semibold text-zinc-900'
                  : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900'
              }`}
            >
              <LocaleFlag locale={option} />
              {t(`language.${option}`)}
            </button>
          );
        })}
      </div>
    </form>
  );
}
