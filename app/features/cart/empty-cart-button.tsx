import { useState } from 'react';
import type { OrderType } from '../../../core/catalog-types';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { useCartStore } from '../../stores/cart-store';
import { TrashGlyph } from './cart-page-glyphs';

/** Empties one cart after a second click, so a slip of the mouse does not lose a long order. */
export function EmptyCartButton({ orderType }: { orderType: OrderType }) {
  const { t } = useTranslation();
  const empty = useCartStore((state) => state.empty);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" data-testid="empty-cart" onClick={() => setConfirming(true)}>
        <TrashGlyph className="size-4" />
        {t('cart.empty.action')}
      </Button>
    );
  }
  return (
    <span role="group" aria-label={t('cart.empty.confirm')} className="inline-flex items-center gap-2">
      <span className="text-sm text-zinc-700">{t('cart.empty.confirm')}</span>
      <Button
        variant="danger"
        size="sm"
        data-testid="empty-cart-confirm"
        onClick={() => {
          setConfirming(false);
          void empty(orderType);
        }}
      >
        {t('cart.empty.confirm.yes')}
      </Button>
      {/* Focus moves here: the button that was clicked is gone, and the safe choice comes first for keyboards. */}
      <Button variant="secondary" size="sm" autoFocus onClick={() => setConfirming(false)}>
        {t('common.cancel')}
      </Button>
    </span>
  );
}
