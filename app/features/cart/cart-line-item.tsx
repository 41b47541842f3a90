import { lineSku } from '../../../core/cart-state';
import type { CartProduct } from '../../../core/catalog-types';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useCartStore } from '../../stores/cart-store';
import { useInterfaceStore } from '../../stores/interface-store';
import { useConfiguration } from '../session/use-root-data';
import { VatNote } from '../catalog/price-text';
import { CartLineActions } from './cart-line-actions';
import { cartModals } from './cart-modal-names';
import { CartQuantity } from './cart-quantity';
import { linePrices } from './cart-prices';
import { PreOrderQuantities } from './pre-order-quantities';
import { useMoney } from './use-money';

const numberCell = 'price text-right tabular-nums';

/** Desktop columns: image, product, unit price, quantity (wider with one field per season), total. */
export const cartGridColumns = {
  order: 'lg:grid-cols-[4rem_minmax(0,1fr)_8rem_10rem_8rem]',
  preOrder: 'lg:grid-cols-[4rem_minmax(0,1fr)_8rem_17rem_8rem]',
} as const;

/** One line of the cart page: what it is, what it costs, how many, and what can be done with it. */
export function CartLineItem({ line, showNetPrices }: { line: CartProduct; showNetPrices: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { isBatchSizeActive } = useConfiguration();
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const openModal = useInterfaceStore((state) => state.openModal);
  const prices = linePrices(line, showNetPrices);
  const identity = { sku: line.sku, variantSku: line.variantSku, orderType: line.orderType };
  const materialNumber = lineSku(line);

  return (
    <li data-testid="cart-line" data-sku={materialNumber} className={`grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 px-4 py-4 lg:items-start ${cartGridColumns[line.orderType]}`}>
      <div className="row-span-2 size-16 overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 lg:row-span-1">
        {line.image ? <img src={line.image} alt="" width={64} height={64} loading="lazy" className="size-16 object-contain" /> : null}
      </div>

      <div className="min-w-0 space-y-1">
        <p className="font-medium text-zinc-900">{line.name}</p>
        <p className="text-xs text-zinc-600">
          {t('cart.material.number')}: <span className="price">{materialNumber}</span>
        </p>
        {line.oldPrice !== null ? (
          <p data-testid="price-changed" className="inline-flex items-center gap-1 text-xs font-medium text-warning">
            <WarningIcon className="size-4" />
            {t('cart.price.changed')}
          </p>
        ) : null}
        {line.notEnoughStock ? (
          <p data-testid="not-enough-stock" className="flex items-center gap-1 text-xs font-medium text-danger">
            <WarningIcon className="size-4" />
            {t('cart.line.not.enough.stock')}
            <button type="button" className="underline underline-offset-2" onClick={() => openModal(cartModals.notEnoughStock, {}, { lines: [line] })}>
              {t('cart.line.not.enough.stock.review')}
            </button>
          </p>
        ) : null}
        <CartLineActions line={line} />
      </div>

      <div className={`${numberCell} col-start-2 flex items-baseline justify-between gap-2 lg:col-start-auto lg:block`}>
        <span className="text-xs text-zinc-600 lg:sr-only">{t('cart.column.unit.price')}</span>
        <span className="flex flex-col items-end">
          {prices.oldUnitCents !== null ? (
            <del data-testid="old-price" className="text-xs text-zinc-500">
              <span className="sr-only">{t('cart.price.previous')} </span>
              {money(prices.oldUnitCents, prices.currency)}
            </del>
          ) : null}
          <span data-testid="unit-price" className="font-medium text-zinc-900">
            {money(prices.unitCents, prices.currency)}
          </span>
          <VatNote showNetPrices={showNetPrices} vatRates={[line.vatRate]} onlyWhenUnknown />
        </span>
      </div>

      <div className="col-start-2 flex items-start justify-between gap-2 lg:col-start-auto lg:justify-end">
        <span className="pt-2 text-xs text-zinc-600 lg:sr-only">{t('cart.column.quantity')}</span>
        {line.orderType === 'order' ? (
          <CartQuantity
            value={line.quantity}
            batchSize={line.salesBatchSize}
            batchRuleActive={isBatchSizeActive}
            min={Math.max(1, line.salesBatchSize)}
            label={t('cart.quantity.label', { name: line.name })}
            testId="line-quantity"
            onChange={(quantity) => void updateQuantity(identity, quantity)}
          />
        ) : (
          <PreOrderQuantities line={line} onChange={(quantities) => void updateQuantity(identity, quantities)} />
        )}
      </div>

      <div className={`${numberCell} col-start-2 flex items-baseline justify-between gap-2 lg:col-start-auto lg:block`}>
        <span className="text-xs text-zinc-600 lg:sr-only">{t('cart.column.total')}</span>
        <span data-testid="line-total" className="font-semibold text-zinc-900">
          {money(prices.totalCents, prices.currency)}
        </span>
        <VatNote showNetPrices={showNetPrices} vatRates={[line.vatRate]} onlyWhenUnknown className="block text-xs font-normal text-zinc-600" />
      </div>
    </li>
  );
}
