import { useCallback, useMemo } from 'react';
import type { OrderType, ListedProduct } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { listColumns } from './product-list-columns';
import { ProductListFooter } from './product-list-footer';
import { ProductListRow } from './product-list-row';
import { lineSku } from '../../../core/cart-state';
import { listRows } from './product-rows';
import { chosenQuantity, tableTotals } from './row-pricing';
import { addAllRule } from './row-rules';
import { useAddRows, useRowChoices, type RowEntry } from './use-cart-rows';
import { useCatalogViewer } from './use-catalog-viewer';

// The header row stays under the sticky page header while the list scrolls: the header's top row is
// h-16 and the category menu bar h-11, with a 1 px border each (app/features/layout/header.tsx).
const headCell = 'sticky top-[6.875rem] z-10 border-b border-zinc-300 bg-zinc-100 px-3 py-2 text-xs font-semibold text-zinc-700';
const numericHead = `${headCell} text-right`;

/**
 * The product list table (docs/product.md, Catalogue): a dense table on desktop, compact cards on phones, with
 * a sticky header and a sticky totals footer. One row per orderable item (variants get rows of their own).
 */
export function ProductListTable({ products, orderType, caption }: { products: readonly ListedProduct[]; orderType: OrderType; caption: string }) {
  const { t, locale } = useTranslation();
  const viewer = useCatalogViewer();
  const columns = listColumns(viewer, orderType);
  const rows = useMemo(() => listRows(products), [products]);
  const { choiceOf, setChoice, forget } = useRowChoices(orderType, viewer.seasons.length);
  const { add, busy } = useAddRows(orderType);
  const settings = { isBatchSizeActive: viewer.isBatchSizeActive, buyableWithoutStock: viewer.buyableWithoutStock };

  const entries: RowEntry[] = rows.map((row) => ({ row, key: lineSku(row), choice: choiceOf(lineSku(row)) }));
  const addEntries = useCallback(
    async (chosen: readonly RowEntry[]) => {
      if (await add(chosen)) forget(chosen.map((entry) => entry.key));
    },
    [add, forget],
  );
  const addOne = useCallback((entry: RowEntry) => void addEntries([entry]), [addEntries]);
  const chosen = entries.filter((entry) => chosenQuantity(entry.choice, orderType) > 0);

  return (
    <div data-testid="product-list-table">
      <table className="w-full border-separate border-spacing-0 text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-lg:hidden">
          <tr>
            <th scope="col" className={headCell}>
              <span className="sr-only">{t('catalog.column.image')}</span>
            </th>
            <th scope="col" className={`${headCell} text-left`}>{t('catalog.column.name')}</th>
            <th scope="col" className={`${headCell} text-left max-xl:hidden`}>{t('catalog.column.sku')}</th>
            {columns.salesUnit ? <th scope="col" className={`${headCell} text-left max-xl:hidden`}>{t('catalog.column.unit')}</th> : null}
            <th scope="col" className={numericHead}>
              {t(`catalog.column.${orderType === 'preOrder' ? 'preorder.price' : 'price'}.${viewer.showNetPrices ? 'net' : 'gross'}`)}
            </th>
            {columns.retailPrice ? <th scope="col" className={`${numericHead} max-xl:hidden`}>{t('catalog.column.rrp')}</th> : null}
            {columns.batchSize ? (
              <th scope="col" className={numericHead}>
                <abbr title={t('catalog.column.batch.long')} className="no-underline">
                  {t('catalog.column.batch')}
                </abbr>
              </th>
            ) : null}
            <th scope="col" className={`${headCell} text-left`}>{t('catalog.column.stock')}</th>
            {columns.quantity ? <th scope="col" className={`${headCell} text-left`}>{t('catalog.column.quantity')}</th> : null}
            {columns.seasons
              ? viewer.seasons.map((season) => (
                  <th key={season._id} scope="col" className={`${headCell} text-left`}>
                    {season.name}
                    <span className="num block font-normal">{formatShopDateNumeric(season.date, locale)}</span>
                  </th>
                ))
              : null}
            {columns.total ? <th scope="col" className={numericHead}>{t('catalog.column.total')}</th> : null}
            <th scope="col" className={headCell}>
              <span className="sr-only">{t('catalog.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-lg:block">
          {entries.map((entry, index) => (
            <ProductListRow
              key={entry.key}
              row={entry.row}
              rowKey={entry.key}
              choice={entry.choice}
              index={index}
              orderType={orderType}
              viewer={viewer}
              columns={columns}
              busy={busy}
              onChoice={setChoice}
              onAdd={addOne}
            />
          ))}
        </tbody>
      </table>
      {viewer.canBuy ? (
        <ProductListFooter
          totals={tableTotals(entries, orderType, { showNetPrices: viewer.showNetPrices, fallbackCurrency: viewer.currency })}
          orderType={orderType}
          showNetPrices={viewer.showNetPrices}
          rule={addAllRule(entries, orderType, settings)}
          busy={busy}
          onAddAll={() => void addEntries(chosen)}
        />
      ) : null}
    </div>
  );
}
