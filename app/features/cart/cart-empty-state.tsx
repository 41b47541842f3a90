import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { CartGlyph, PreOrderGlyph } from './cart-glyphs';

/** An empty cart says so and leads back to the catalogue (an empty state says what to do next). */
export function CartEmptyState({ orderType }: { orderType: OrderType }) {
  const { t } = useTranslation();
  const Icon = orderType === 'order' ? CartGlyph : PreOrderGlyph;
  return (
    <div data-testid="cart-empty" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center">
      <Icon className="size-10 text-zinc-400" />
      <h2 className="text-base font-semibold text-zinc-900">{t(orderType === 'order' ? 'cart.empty.order' : 'cart.empty.preorder')}</h2>
      <p className="max-w-md text-sm text-zinc-600">{t(orderType === 'order' ? 'cart.empty.order.hint' : 'cart.empty.preorder.hint')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('cart.continue.shopping')}
      </Link>
    </div>
  );
}
