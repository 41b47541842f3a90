import { lineSku } from '../../../core/cart-state';
import { memo } from 'react';
import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import { isValidBatchMultiple } from '../../../core/quantity';
import { useTranslation } from '../../lib/i18n';
import { ReviewBadge } from '../reviews/review-badge';
import { AlarmBell } from '../alarms/alarm-bell';
import { AddToCartButton, WishlistButton } from './cart-action-buttons';
import type { ListColumns } from './product-list-columns';
import { ProductImage } from './product-image';
import { Money, UnitPrice, VatNote } from './price-text';
import { QuantitySelector } from './quantity-selector';
import { TierPrices } from './tier-prices';
import { shownCents } from '../../../core/vat';
import { lineShownCents, rowTotalsLine, type RowChoice } from './row-pricing';
import { isRowInputDisabled, orderQuantityMax, rowAddRule, seasonMaxima } from './row-rules';
import { SalesUnitInfo } from './sales-unit-info';
import { StockIndicator } from './stock-indicator';
import type { RowEntry } from './use-cart-rows';
import type { CatalogViewer } from './use-catalog-viewer';

export interface ProductListRowProps {
  row: RowEntry['row'];
  rowKey: string;
  choice: RowChoice;
  index: number;
  orderType: OrderType;
  viewer: CatalogViewer;
  columns: ListColumns;
  busy: boolean;
  onChoice: (key: string, choice: RowChoice) => void;
  onAdd: (entry: RowEntry) => void;
}

const cell = 'list-cell';
const desktopCell = `${cell} max-lg:hidden`;
const wideScreenCell = `${cell} max-xl:hidden`;

/**
 * One row of the product list table. Below 1024 px the row is a compact card: a grid of image, name
 * (with the material number underneath), price beside stock, quantity and buttons; the desktop-only cells
 * hide. Each figure is written once and placed by the grid, not repeated for the phone: a category page
 * holds many rows, and every element of them is rendered on the server and sent.
 */
export const ProductListRow = memo(function ProductListRow({ row, rowKey: key, choice, index, orderType, viewer, columns, busy, onChoice, onAdd }: ProductListRowProps) {
  const { t } = useTranslation();
  const entry: RowEntry = { row, key, choice };
  const settings = { isBatchSizeActive: viewer.isBatchSizeActive, buyableWithoutStock: viewer.buyableWithoutStock };
  const preOrder = orderType === 'preOrder';
  const inputDisabled = isRowInputDisabled(row, orderType, settings);
  const line = rowTotalsLine(row, choice, orderType);
  const sku = lineSku(row);
  const invalid = (quantity: number) => !isValidBatchMultiple(quantity, row.salesBatchSize, viewer.isBatchSizeActive);
  const seasonIds = viewer.seasons.map((season) => season._id);
  const maxima = columns.seasons ? seasonMaxima(row, choice.quantities, seasonIds) : [];
  const price = <UnitPrice price={row.price} vatRate={row.vatRate} showNetPrices={viewer.showNetPrices} preOrder={preOrder} />;

  return (
    <tr
      data-testid="product-row"
      data-sku={sku}
      data-batch={row.salesBatchSize}
      className="border-b border-zinc-200 bg-white max-lg:grid max-lg:grid-cols-[4rem_auto_minmax(0,1fr)_auto] max-lg:gap-x-3 max-lg:gap-y-2 max-lg:p-3 lg:hover:bg-zinc-50"
    >
      <td className={`${cell} max-lg:row-span-3 lg:w-14`}>
        <ProductImage image={row.images[0]} size={40} eager={index < 6} className="size-16 lg:size-10" />
      </td>
      <td className={`${cell} max-lg:col-span-3`}>
        <Link to={productPath(row)} className="line-clamp-2 font-medium text-zinc-900 hover:text-brand-text hover:underline">
          {row.name}
        </Link>
        {/* Below 1280 px the material number moves under the name, so the columns fit the screen. */}
        <span className="num block text-xs text-zinc-600 xl:hidden">{sku}</span>
        <ReviewBadge summary={row.reviews} className="mt-0.5" />
      </td>
      <td className={`${wideScreenCell} num whitespace-nowrap text-zinc-700`}>{sku}</td>
      {columns.salesUnit ? (
        <td className={wideScreenCell}>
          <SalesUnitInfo product={row} />
        </td>
      ) : null}
      {/* The column's header says net or gross on wide screens; the phone card says it beside the price. */}
      <td className={`${cell} max-lg:col-start-2 max-lg:whitespace-nowrap lg:text-right`}>
        {price}{' '}
        {row.price ? <VatNote showNetPrices={viewer.showNetPrices} vatRates={[row.vatRate]} className="text-xs text-zinc-600 lg:block" knownClassName="text-xs text-zinc-600 lg:hidden" /> : null}
        <TierPrices item={row} showNetPrices={viewer.showNetPrices} preOrder={preOrder} className="mt-0.5 text-xs text-zinc-700" />
      </td>
      {columns.retailPrice ? (
        <td className={`${wideScreenCell} text-right text-zinc-700`}>
          {row.price?.rrp != null ? (
            <>
              <Money cents={shownCents(row.price.rrp, row.vatRate, viewer.showNetPrices)} currency={row.price.currency} />
              <VatNote showNetPrices={viewer.showNetPrices} vatRates={[row.vatRate]} onlyWhenUnknown className="block text-xs text-zinc-600" />
            </>
          ) : (
            '–'
          )}
        </td>
      ) : null}
      {columns.batchSize ? <td className={`${desktopCell} num text-right`}>{row.salesBatchSize}</td> : null}
      <td className={`${cell} max-lg:col-span-2 max-lg:col-start-3`}>
        <StockIndicator product={row} isSalesPerson={viewer.isSalesPerson} className="xl:whitespace-nowrap" />
      </td>
      {columns.quantity ? (
        <td className={`${cell} max-lg:col-span-2 max-lg:col-start-2 lg:w-36`}>
          <QuantitySelector
            value={choice.quantity}
            onChange={(quantity) => onChoice(key, { ...choice, quantity })}
            batchSize={row.salesBatchSize}
            max={orderQuantityMax(row, settings)}
            label={t('quantity.for', { name: row.name })}
            disabled={inputDisabled}
            invalid={invalid(choice.quantity)}
            onEnter={() => onAdd(entry)}
            testId="quantity-input"
          />
        </td>
      ) : null}
      {columns.seasons
        ? viewer.seasons.map((season, seasonIndex) => (
            <td key={season._id} className={`${cell} max-lg:col-span-3 max-lg:col-start-2 lg:w-28`}>
              <span className="mb-1 block text-xs font-medium text-zinc-700 lg:hidden">{season.name}</span>
              <QuantitySelector
                value={choice.quantities[seasonIndex] ?? 0}
                onChange={(quantity) => onChoice(key, { ...choice, quantities: choice.quantities.map((q, i) => (i === seasonIndex ? quantity : q)) })}
                batchSize={row.salesBatchSize}
                max={maxima[seasonIndex] ?? null}
                label={t('quantity.for.season', { name: row.name, season: season.name })}
                disabled={inputDisabled}
                invalid={invalid(choice.quantities[seasonIndex] ?? 0)}
                onEnter={() => onAdd(entry)}
                testId="season-quantity-input"
                compact
              />
              {maxima[seasonIndex] != null ? (
                <span className="num mt-0.5 block text-xs text-zinc-600" data-testid="season-max">
                  {t('catalog.season.max', { max: maxima[seasonIndex] })}
                </span>
              ) : null}
            </td>
          ))
        : null}
      {columns.total ? (
        <td className={`${cell} text-right max-lg:col-start-2 max-lg:self-center max-lg:text-left ${preOrder ? 'max-lg:col-span-2' : 'max-lg:order-last max-lg:col-span-3'}`} data-testid="row-total">
          <span className="text-xs text-zinc-600 lg:hidden">{t('catalog.column.total')}: </span>
          {line ? <Money cents={lineShownCents(line, viewer.showNetPrices)} currency={line.currency} className="font-medium" /> : '–'}
        </td>
      ) : null}
      {/* Phone card: the buttons sit beside the quantity, in pre-order mode beside the total under the seasons. */}
      <td className={`${cell} max-lg:col-start-4 lg:w-24 ${preOrder ? '' : 'max-lg:row-start-3'}`}>
        <div className="flex justify-end gap-1.5">
          {viewer.canBuy ? (
            <AddToCartButton
              rule={rowAddRule(row, choice, orderType, settings)}
              busy={busy}
              onAdd={() => onAdd(entry)}
              preOrder={preOrder}
              productName={row.name}
            />
          ) : null}
          <AlarmBell item={row} quantity={preOrder ? 0 : choice.quantity} />
          <WishlistButton productId={row._id} productName={row.name} />
        </div>
      </td>
    </tr>
  );
});
