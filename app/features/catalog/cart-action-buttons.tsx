import type { RuleResult } from '../../../core/add-to-cart-rules';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { selectIsWishlisted, useWishlistStore } from '../../stores/wishlist-store';
import { CartGlyph, HeartGlyph, PreOrderGlyph } from '../cart/cart-glyphs';

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

export interface AddToCartButtonProps {
  rule: RuleResult;
  /** A cart action is running: the store would refuse, so the button waits. */
  busy: boolean;
  onAdd: () => void;
  preOrder?: boolean;
  /** With its text (product page) or as an icon button (table rows). */
  wide?: boolean;
  /** What it adds, for the spoken label of an icon button. */
  productName: string;
  testId?: string;
}

/**
 * Disabled buttons explain why in a tooltip, so the button stays focusable: it is
 * aria-disabled, not disabled, and ignores the click.
 */
export function AddToCartButton({ rule, busy, onAdd, preOrder = false, wide = false, productName, testId = 'add-to-cart' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  const refused = !rule.allowed || busy;
  const text = t(preOrder ? 'catalog.add.preorder' : 'catalog.add.cart');
  const Glyph = preOrder ? PreOrderGlyph : CartGlyph;
  const button = (
    <button
      type="button"
      data-testid={testId}
      aria-disabled={refused || undefined}
      aria-label={wide ? undefined : `${text}: ${productName}`}
      onClick={() => {
        if (!refused) onAdd();
      }}
      className={
        wide
          ? 'inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-brand-foreground hover:bg-brand-hover aria-disabled:cursor-not-allowed aria-disabled:opacity-50'
          : `${iconButton} bg-brand text-brand-foreground hover:bg-brand-hover`
      }
    >
      <Glyph className="size-5" />
      {wide ? text : null}
    </button>
  );
  const reason = !rule.allowed ? t(rule.reason) : busy ? t('product.add.cart.loading.wait') : null;
    // The buttons sit at the right end of rows and cards: the tip opens towards the page.
  return reason ? (
    <Tooltip content={reason} align="end">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** The heart: adds to or removes from the wishlist; guests get the login modal from the store. */
export function WishlistButton({ productId, productName }: { productId: number; productName: string }) {
  const { t } = useTranslation();
  const wishlisted = useWishlistStore(selectIsWishlisted(productId));
  const add = useWishlistStore((state) => state.add);
  const remove = useWishlistStore((state) => state.remove);
  return (
    <button
      type="button"
      data-testid="add-to-wishlist"
      aria-pressed={wishlisted}
      aria-label={`${t('catalog.wishlist.toggle')}: ${productName}`}
      onClick={() => void (wishlisted ? remove(productId) : add(productId))}
      className={`${iconButton} border border-zinc-300 bg-white hover:bg-zinc-100 ${wishlisted ? 'text-danger' : 'text-zinc-600'}`}
    >
      <HeartGlyph className="size-5" filled={wishlisted} />
    </button>
  );
}
