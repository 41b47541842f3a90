import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { cartHref } from '../../stores/cart-store';
import type { CartCounts } from '../../stores/cart-lines';

const tabs: { orderType: OrderType; labelKey: string }[] = [
  { orderType: 'order', labelKey: 'cart.tab.order' },
  { orderType: 'preOrder', labelKey: 'cart.tab.preorder' },
];

/** Switches between the order cart and the pre-order cart: plain links, so each cart has its own address. */
export function CartTabs({ current, counts }: { current: OrderType; counts: CartCounts }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('cart.tabs.label')} className="border-b border-zinc-200">
      <ul className="-mb-px flex gap-1">
        {tabs.map(({ orderType, labelKey }) => {
          const active = orderType === current;
          return (
            <li key={orderType}>
              <Link
                to={cartHref(orderType)}
                data-testid={`cart-tab-${orderType}`}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-10 items-center gap-2 border-b-2 px-3 text-sm font-medium ${
                  active ? 'border-brand text-brand-text' : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900'
                }`}
              >
                {t(labelKey)}
                <span className="price rounded-full bg-zinc-100 px-2 text-xs text-zinc-700">{counts[orderType]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
