import { Link, useFetcher } from 'react-router';
import { formatAmount } from '../../../core/money';
import { orderSheetMaxQuantity } from '../../../core/order-sheet-limits';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration } from '../session/use-root-data';
import type { SheetFormProblem } from './order-sheet.server';
import { previewPath, sheetIntents } from './sheet-fields';
import { SheetRowVerdict } from './sheet-row-verdict';
import type { SheetRowView } from './sheet-view';

// One line of the preview: a table row from 640 px, a card below (the cells stack, each with its label).
// Its quantity (per season for a pre-order) and its variant are edited in a small form of its own, which
// posts intent=row to the page's action: with JavaScript through a fetcher, without a reload; without it
// as a plain post. The form sits in the last cell; the fields in other cells belong to it by `form=`.
// "Remove" sets the quantity to 0, which leaves the line out (blank or 0 means skip). A line whose item number
// names no article has a field to type it anew, and its "did you mean" articles are buttons of the same form.

const cell = 'block px-3 py-1 sm:table-cell sm:py-2 sm:align-top';
const phoneLabel = 'mr-1 text-xs font-medium text-zinc-600 sm:hidden';
const fieldClass =
  'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus:border-brand focus:outline-2 focus:outline-brand';

function productHref(product: NonNullable<SheetRowView['product']>): string {
  return `/product/${product._id}?sku=${encodeURIComponent(product.variantSku ?? product.sku)}`;
}

export function SheetRowItem({ row, importId, editable }: { row: SheetRowView; importId: string; editable: boolean }) {
  const { t, locale } = useTranslation();
  const { seasons } = useConfiguration();
  const fetcher = useFetcher<SheetFormProblem | { ok: true }>();
  const formId = `row-form-${row.line}`;
  const busy = fetcher.state !== 'idle';
  const problem = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const preOrder = row.quantities !== undefined;
  const skuEditable = editable && row.status === 'refused' && !row.product;
  const quantityLabel = (season?: string) => (season ? t('quick_order.row.season_quantity', { line: row.line, season }) : t('quick_order.row.quantity', { line: row.line }));

  return (
    <tr className="block border-b border-zinc-200 py-2 last:border-b-0 sm:table-row sm:py-0" data-testid="sheet-row" data-line={row.line} data-status={row.status}>
      <td className={`${cell} num text-sm text-zinc-700`}>
        <span className={phoneLabel}>{t('quick_order.column.line')}</span>
        {row.line}
      </td>
      <td className={`${cell} font-mono text-sm break-all text-zinc-900`} data-testid="row-sku">
        <span className={`${phoneLabel} font-sans`}>{t('quick_order.column.sku')}</span>
        {row.input.sku}
        {row.input.variantSku ? <span className="text-zinc-600"> / {row.input.variantSku}</span> : null}
      </td>
      <td className={`${cell} text-sm`}>
        {row.product ? (
          <>
            <Link to={productHref(row.product)} className="font-medium text-brand-text hover:underline" data-testid="row-product">
              {row.product.name}
            </Link>
            <span className="block font-mono text-xs text-zinc-600">{row.product.variantSku ?? row.product.sku}</span>
          </>
        ) : (
          <span className="text-zinc-600">{t('quick_order.row.no_product')}</span>
        )}
        {skuEditable ? (
          <input
            type="text"
            name="sku"
            form={formId}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            // A new answer (the row judged again) starts the field from the sku it now has.
            key={row.input.sku}
            defaultValue={row.input.sku}
            aria-label={t('quick_order.row.sku', { line: row.line })}
            className={`${fieldClass} mt-1 block w-full max-w-64 font-mono`}
            data-testid="row-sku-input"
          />
        ) : null}
        {editable && row.variants && row.variants.length > 0 ? (
          <div className="mt-1">
            <label htmlFor={`variant-${row.line}`} className="mb-0.5 block text-xs font-medium text-zinc-700">
              {t('quick_order.row.variant')}
            </label>
            <select id={`variant-${row.line}`} name="variantSku" form={formId} defaultValue="" className={`${fieldClass} w-full max-w-64`} data-testid="row-variant">
              <option value="">{t('quick_order.row.variant.choose')}</option>
              {row.variants.map((variant) => (
                <option key={variant.variantSku} value={variant.variantSku}>
                  {variant.name} ({variant.variantSku})
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </td>
      <td className={`${cell} num text-sm text-zinc-900 sm:text-right`} data-testid="row-price">
        <span className={phoneLabel}>{t('quick_order.column.price')}</span>
        {row.product ? formatAmount(row.product.price, locale) : '–'}
      </td>
      <td className={`${cell} sm:text-right`}>
        {editable ? (
          preOrder ? (
            <div className="flex flex-wrap gap-2 sm:justify-end">
              {seasons.map((season, index) => (
                <label key={season._id} className="flex flex-col text-xs text-zinc-700">
                  <span aria-hidden="true">{season.name}</span>
                  <input
                    type="number"
                    name="quantities"
                    form={formId}
                    min={0}
                    max={orderSheetMaxQuantity}
                    step={1}
                    inputMode="numeric"
                    defaultValue={row.quantities?.[index] ?? 0}
                    aria-label={quantityLabel(season.name)}
                    className={`${fieldClass} num w-20 text-right`}
                    data-testid={`row-quantity-${index}`}
                  />
                </label>
              ))}
            </div>
          ) : (
            <>
              <span className={phoneLabel}>{t('quick_order.column.quantity')}</span>
              <input
                type="number"
                name="quantity"
                form={formId}
                min={0}
                max={orderSheetMaxQuantity}
                step={1}
                inputMode="numeric"
                // A new answer (another row's change merged or split lines) starts the field from it.
                key={row.quantity}
                defaultValue={row.quantity}
                aria-label={quantityLabel()}
                className={`${fieldClass} num w-24 text-right`}
                data-testid="row-quantity"
              />
            </>
          )
        ) : (
          <span className="num text-sm text-zinc-900">
            <span className={phoneLabel}>{t('quick_order.column.quantity')}</span>
            {row.quantities ? row.quantities.join(' / ') : row.quantity}
          </span>
        )}
      </td>
      <td className={cell}>
        <SheetRowVerdict row={row} formId={editable ? formId : undefined} busy={busy} />
        {problem ? (
          <p role="alert" className="mt-1 text-sm text-danger" data-testid="row-error">
            {t(problem.messageKey, problem.params)}
          </p>
        ) : null}
      </td>
      <td className={`${cell} sm:text-right`}>
        {editable ? (
          <fetcher.Form method="post" action={previewPath(importId)} id={formId} preventScrollReset className="flex flex-wrap gap-2 sm:justify-end" aria-label={t('quick_order.row.form', { line: row.line })}>
            <input type="hidden" name="intent" value={sheetIntents.row} />
            <input type="hidden" name="importId" value={importId} />
            <input type="hidden" name="line" value={row.line} />
            <button type="submit" disabled={busy} className={buttonClasses('secondary', 'sm')} data-testid="row-save">
              {t('quick_order.row.save')}
            </button>
            {row.quantity > 0 && !preOrder ? (
              <button type="submit" name="remove" value="1" disabled={busy} className={buttonClasses('ghost', 'sm')} data-testid="row-remove">
                {t('quick_order.row.remove')}
              </button>
            ) : null}
          </fetcher.Form>
        ) : null}
      </td>
    </tr>
  );
}
