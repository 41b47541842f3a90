import type { RuleResult } from '../../../core/add-to-cart-rules';
import type { OrderType } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { AddToCartButton } from './cart-action-buttons';
import { Money, VatNote } from './price-text';
import type { TableTotals } from './row-pricing';
import { formatNumber } from './format-number';

export interface ProductListFooterProps {
  totals: TableTotals;
  orderType: OrderType;
  showNetPrices: boolean;
  rule: RuleResult;
  busy: boolean;
  onAddAll: () => void;
}

/** The sticky totals footer of the product list: pieces, price and 'add all to cart'. */
export function ProductListFooter({ totals, orderType, showNetPrices, rule, busy, onAddAll }: ProductListFooterProps) {
  const { t, locale } = useTranslation();
  return (
    <div
      data-testid="product-list-footer"
      className="sticky bottom-14 z-20 flex flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-zinc-300 bg-white px-3 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] lg:bottom-0"
    >
      <p className="text-sm text-zinc-700">
        {t('catalog.footer.quantity')}{' '}
        <span className="num font-semibold text-zinc-900" data-testid="footer-quantity">
          {formatNumber(totals.quantity, locale)}
        </span>
      </p>
      <p className="text-sm text-zinc-700">
        {t('catalog.footer.total')}{' '}
        <span data-testid="footer-total">
          <Money cents={totals.cents} currency={totals.currency} className="text-base font-semibold text-zinc-900" />
        </span>{' '}
        <VatNote showNetPrices={showNetPrices} vatRates={totals.vatRates} />
      </p>
      <AddToCartButton
        rule={rule}
        busy={busy}
        onAdd={onAddAll}
        preOrder={orderType === 'preOrder'}
        wide
        productName=""
        testId="add-all-to-cart"
      />
    </div>
  );
}
