import { useTranslation } from 'react-i18next';

/** First tab stop: jumps over the header straight to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[80] rounded-md bg-white px-4 py-2 text-sm font-semibold text-zinc-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('layout.skip_to_content')}
    </a>
  );
}
