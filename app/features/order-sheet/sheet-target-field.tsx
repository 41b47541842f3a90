import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration } from '../session/use-root-data';
import type { OrderSheetTarget } from './sheet-view';

// Which cart a new order sheet is for: the order cart, or the pre-order cart when the shop has seasons
// (the seasons named, since a pre-order sheet's quantities are per season). A shop without seasons has
// only the order cart, sent as a hidden field.

/** `form`: which start form the field is in; the upload form's test ids say so. */
export function SheetTargetField({ defaultTarget, form = 'paste' }: { defaultTarget: OrderSheetTarget; form?: 'paste' | 'upload' }) {
  const testIdPrefix = form === 'upload' ? 'upload-' : '';
  const { t, locale } = useTranslation();
  const { seasons } = useConfiguration();
  if (seasons.length === 0) return <input type="hidden" name="target" value="order" />;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-900">{t('quick_order.target.label')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm text-zinc-800">
          <input type="radio" name="target" value="order" defaultChecked={defaultTarget === 'order'} className="size-4 accent-brand" data-testid={`${testIdPrefix}target-order`} />
          {t('quick_order.target.order')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-zinc-800">
          <input type="radio" name="target" value="preOrder" defaultChecked={defaultTarget === 'preOrder'} className="size-4 accent-brand" data-testid={`${testIdPrefix}target-preOrder`} />
          {t('quick_order.target.pre_order')}
        </label>
      </div>
      <p className="text-xs text-zinc-600" data-testid={`${testIdPrefix}target-seasons`}>
        {t(form === 'upload' ? 'quick_order.target.seasons_upload' : 'quick_order.target.seasons', { seasons: seasons.map((season) => `${season.name} (${formatShopDateNumeric(season.date, locale)})`).join(', ') })}
      </p>
    </fieldset>
  );
}
