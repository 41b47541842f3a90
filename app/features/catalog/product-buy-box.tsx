import type { OrderType, Product } from '../../../core/catalog-types';
import { isValidBatchMultiple } from '../../../core/quantity';
import { useTranslation } from '../../lib/i18n';
import { AlarmBell } from '../alarms/alarm-bell';
import { AddToCartButton, WishlistButton } from './cart-action-buttons';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { Money, VatNote } from './price-text';
import { lineSku } from '../../../core/cart-state';
import { QuantitySelector } from './quantity-selector';
import { lineShownCents, rowTotalsLine } from './row-pricing';
import { isRowInputDisabled, orderQuantityMax, rowAddRule, seasonMaxima } from './row-rules';
import { useAddRows, useRowChoices } from './use-cart-rows';
import type { CatalogViewer } from './use-catalog-viewer';

/**
 * Quantity and cart buttons for one orderable item on the product page (a product without variants,
 * or the chosen variant): one quantity in order mode, one per season in pre-order mode.
 */
export function ProductBuyBox({ item, orderType, viewer }: { item: Product; orderType: OrderType; viewer: CatalogViewer }) {
  const { t, locale } = useTranslation();
  const key = lineSku(item);
  const { choiceOf, setChoice, forget } = useRowChoices(orderType, viewer.seasons.length);
  const { add, busy } = useAddRows(orderType);
  const choice = choiceOf(key);
  const settings = { isBatchSizeActive: viewer.isBatchSizeActive, buyableWithoutStock: viewer.buyableWithoutStock };
  const disabled = isRowInputDisabled(item, orderType, settings);
  const invalid = (quantity: number) => !isValidBatchMultiple(quantity, item.salesBatchSize, viewer.isBatchSizeActive);
  const line = rowTotalsLine(item, choice, orderType);
  const addItem = async () => {
    if (await add([{ row: item, choice }])) forget([key]);
  };

  return (
    <div className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4" data-testid="buy-box">
      {orderType === 'order' ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-700">
          <span aria-hidden="true">{t('catalog.column.quantity')}</span>
          <QuantitySelector
            value={choice.quantity}
            onChange={(quantity) => setChoice(key, { ...choice, quantity })}
            batchSize={item.salesBatchSize}
            max={orderQuantityMax(item, settings)}
            label={t('quantity.for', { name: item.name })}
            disabled={disabled}
            invalid={invalid(choice.quantity)}
            onEnter={() => void addItem()}
            testId="quantity-input"
          />
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {viewer.seasons.map((season, index) => {
            const max = seasonMaxima(item, choice.quantities, viewer.seasons.map((s) => s._id))[index] ?? null;
            return (
              <li key={season._id} className="text-sm">
                <span className="block font-medium text-zinc-800">{season.name}</span>
                <span className="num mb-1 block text-xs text-zinc-600">{formatShopDateNumeric(season.date, locale)}</span>
                <QuantitySelector
                  value={choice.quantities[index] ?? 0}
                  onChange={(quantity) => setChoice(key, { ...choice, quantities: choice.quantities.map((q, i) => (i === index ? quantity : q)) })}
                  batchSize={item.salesBatchSize}
                  max={max}
                  label={t('quantity.for.season', { name: item.name, season: season.name })}
                  disabled={disabled}
                  invalid={invalid(choice.quantities[index] ?? 0)}
                  onEnter={() => void addItem()}
                  testId="season-quantity-input"
                />
                {max !== null ? <span className="num mt-0.5 block text-xs text-zinc-600">{t('catalog.season.max', { max })}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      {viewer.isBatchSizeActive && item.salesBatchSize > 1 ? (
        <p className="text-xs text-zinc-600">{t('catalog.batch.hint', { size: item.salesBatchSize })}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <AddToCartButton rule={rowAddRule(item, choice, orderType, settings)} busy={busy} onAdd={() => void addItem()} preOrder={orderType === 'preOrder'} wide productName={item.name} />
        <AlarmBell item={item} quantity={orderType === 'order' ? choice.quantity : 0} />
        <WishlistButton productId={item._id} productName={item.name} />
        {line ? (
          <p className="ml-auto text-sm text-zinc-700" data-testid="buy-box-total">
            {t('catalog.column.total')} <Money cents={lineShownCents(line, viewer.showNetPrices)} currency={line.currency} className="font-semibold text-zinc-900" />{' '}
            <VatNote showNetPrices={viewer.showNetPrices} vatRates={[item.vatRate]} />
          </p>
        ) : null}
      </div>
    </div>
  );
}
