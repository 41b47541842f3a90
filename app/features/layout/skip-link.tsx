import { useTranslation } from '../../lib/i18n';

/** First tab stop: jumps over the header straight to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="fixed top-2 left-2 z-[80] -translate-y-[200%] rounded-md bg-white px-4 py-2 text-sm font-semibold text-zinc-900 shadow-lg focus:translate-y-0"
    >
      {t('layout.skip_to_content')}
    </a>
  );
}
