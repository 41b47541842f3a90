import { buttonClasses } from '../../components/ui/button';
import { orderSheetMaxRowsRead } from '../../../core/order-sheet-limits';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { templatePath, type TemplateCategory } from './template-fields';

// "Download your personal order sheet" (docs/product.md, Order sheets: the personalised sheet): plain links
// for the assortment and what was bought, and a plain GET form choosing a category, for an order and for a
// pre-order. Each one is a download from /order-sheet/template: no JavaScript needed.

const types = [
  ['order', 'quick_order.template.order'],
  ['preOrder', 'quick_order.template.pre_order'],
] as const;

export function TemplateLinks({ categories, mayListBought }: { categories: readonly TemplateCategory[]; mayListBought: boolean }) {
  const { t, locale } = useTranslation();
  const link = 'font-medium text-brand-text hover:underline';
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-4 sm:p-5" data-testid="sheet-templates">
      <h2 className="text-lg font-semibold text-zinc-900">{t('quick_order.template.title')}</h2>
      <p className="mt-1 max-w-3xl text-sm text-zinc-700">{t('quick_order.template.intro')}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {types.map(([type, label]) => (
          <div key={type} className="space-y-2 text-sm">
            <h3 className="font-medium text-zinc-900">{t(label)}</h3>
            <ul className="space-y-1">
              <li>
                <a href={templatePath({ scope: 'assortment', type })} className={link} data-testid={`template-assortment-${type}`}>
                  {t('quick_order.template.assortment')}
                </a>
              </li>
              {mayListBought ? (
                <li>
                  <a href={templatePath({ scope: 'bought', type })} className={link} data-testid={`template-bought-${type}`}>
                    {t('quick_order.template.bought')}
                  </a>
                </li>
              ) : null}
            </ul>
            {categories.length > 0 ? (
              <form method="get" action={templatePath()} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="scope" value="category" />
                <input type="hidden" name="type" value={type} />
                <label className="flex flex-col gap-1">
                  <span className="text-zinc-700">{t('quick_order.template.category')}</span>
                  <select name="category" className="rounded-md border border-zinc-300 px-2 py-1.5" data-testid={`template-category-${type}`}>
                    {categories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.depth > 0 ? `${'\u2003'.repeat(category.depth)}${category.name}` : category.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className={buttonClasses('secondary')} data-testid={`template-category-submit-${type}`}>
                  {t('quick_order.template.download')}
                </button>
              </form>
            ) : null}
          </div>
        ))}
      </div>
      <p className="mt-3 text-xs text-zinc-600">{t('quick_order.template.limit', { rows: formatNumber(orderSheetMaxRowsRead - 2, locale) })}</p>
    </section>
  );
}
