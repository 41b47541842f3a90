import type { WishlistItem } from '../../../core/catalog-types';
import { stepFor } from '../../../core/quantity';
import { shownCents } from '../../../core/vat';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { useCartStore } from '../../stores/cart-store';
import { useConfiguration } from '../session/use-root-data';
import { useWishlistStore } from '../../stores/wishlist-store';
import { CartGlyph } from '../cart/cart-glyphs';
import { VatNote } from '../catalog/price-text';
import { TrashGlyph } from '../cart/cart-page-glyphs';
import { useMoney } from '../cart/use-money';

/** One product kept on the wishlist: what it is, what it costs, into the order cart or off the list. */
export function WishlistEntry({ item, showNetPrices }: { item: WishlistItem; showNetPrices: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const addItems = useCartStore((state) => state.addItems);
  const remove = useWishlistStore((state) => state.remove);
  const priceCents = shownCents(item.price.value, item.vatRate, showNetPrices);
  const { buyableWithoutStock } = useConfiguration();
  // One batch (or one piece). Unless the shop sells beyond its stock, the cart caps a new line at the
  // stock, so nothing in stock means nothing to add.
  const quantity = stepFor(item.salesBatchSize);
  const outOfStock = item.stock.value <= 0 && !buyableWithoutStock;

  const addButton = (
    <Button
      size="sm"
      data-testid="wishlist-add-to-cart"
      aria-disabled={outOfStock || undefined}
      onClick={() => {
        if (!outOfStock) void addItems([{ ...item, quantity }], 'order', { buyableWithoutStock });
      }}
    >
      <CartGlyph className="size-4" />
      {t('wishlist.add.to.cart')}
      <span className="sr-only">: {item.name}</span>
    </Button>
  );

  return (
    <li data-testid="wishlist-item" data-sku={item.sku} className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 px-4 py-4 sm:grid-cols-[4rem_minmax(0,1fr)_9rem_auto] sm:items-center">
      <div className="row-span-2 size-16 overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 sm:row-span-1">
        {item.image ? <img src={item.image} alt="" width={64} height={64} loading="lazy" className="size-16 object-contain" /> : null}
      </div>
      <div className="min-w-0">
        <p className="font-medium text-zinc-900">{item.name}</p>
        <p className="text-xs text-zinc-600">
          {t('cart.material.number')}: <span className="price">{item.sku}</span>
          {quantity > 1 ? <span> · {t('wishlist.batch.size', { count: quantity })}</span> : null}
        </p>
      </div>
      <p className="price col-start-2 text-left font-medium text-zinc-900 sm:col-start-auto sm:text-right">
        {money(priceCents, item.price.currency)}
        <VatNote showNetPrices={showNetPrices} vatRates={[item.vatRate]} className="block text-xs font-normal text-zinc-600" />
      </p>
      <div className="col-start-2 flex flex-wrap items-center gap-2 sm:col-start-auto sm:justify-end">
        {outOfStock ? <Tooltip content={t('cart.product.out.of.stock')}>{addButton}</Tooltip> : addButton}
        <Button variant="ghost" size="sm" data-testid="wishlist-remove" onClick={() => void remove(item._id)}>
          <TrashGlyph className="size-4" />
          {t('wishlist.remove')}
          <span className="sr-only">: {item.name}</span>
        </Button>
      </div>
    </li>
  );
}
