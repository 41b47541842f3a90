import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../session/use-root-data';

/** Company info text for sales persons only (spec sections 2 and 6). */
export function TopBar() {
  const { t } = useTranslation();
  const { configuration, session } = useRootData();
  const text = configuration.company.companyInfoText?.trim();
  if (!session?.account.isSalesPerson || !text) return null;
  return (
    <section data-testid="top-bar" aria-label={t('top.bar.label')} className="bg-zinc-900 text-zinc-100">
      <p className="mx-auto max-w-page px-4 py-1.5 text-xs leading-5 whitespace-pre-line lg:px-6">{text}</p>
    </section>
  );
}
