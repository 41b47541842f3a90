import type { CartProduct } from '../../../../core/catalog-types';
import type { LineIdentity } from '../../../../core/cart-state';
import { findLine } from '../../../stores/cart-lines';
import { useCartStore } from '../../../stores/cart-store';

/** The line a cart modal was opened for (props.identity), as the store holds it now. */
export function useModalLine(props: Record<string, unknown>): { identity: LineIdentity | null; line: CartProduct | undefined } {
  const identity = (props.identity ?? null) as LineIdentity | null;
  const line = useCartStore((state) => (identity ? findLine(state.lines, identity) : undefined));
  return { identity, line };
}
