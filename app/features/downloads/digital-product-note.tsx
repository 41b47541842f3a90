import { useTranslation } from '../../lib/i18n';
import { DownloadGlyph } from '../order-history/history-glyphs';

// A downloadable product's page says what the buyer gets and where: its files, under Downloads in the account,
// once the order is placed on account or paid.

export function DigitalProductNote() {
  const { t } = useTranslation();
  return (
    <p className="flex max-w-prose items-start gap-2 rounded-md border border-blue-200 bg-info-soft p-3 text-sm text-zinc-900" data-testid="digital-product-note">
      <DownloadGlyph className="size-5 shrink-0 text-info" />
      {t('product.digital')}
    </p>
  );
}
