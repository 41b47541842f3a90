import { useCallback, useState } from 'react';
import type { OrderType, ListedProduct } from '../../../core/catalog-types';
import { lineSku } from '../../../core/cart-state';
import { useCartStore, type CartCandidate } from '../../stores/cart-store';
import { useConfiguration } from '../session/use-root-data';
import { emptyChoice, type RowChoice } from './row-pricing';

export interface RowEntry {
  row: ListedProduct;
  key: string;
  choice: RowChoice;
}

/** A row as the cart store takes it: the product (or variant) with what was chosen for it. */
export function toCandidate(row: ListedProduct, choice: RowChoice, orderType: OrderType): CartCandidate {
  return orderType === 'order' ? { ...row, quantity: choice.quantity } : { ...row, quantities: [...choice.quantities] };
}

/**
 * The quantities chosen in a list of rows (docs/product.md, Cart). What the person has not
 * touched shows 0, or in pre-order mode what the pre-order cart already holds for the item. After
 * adding, a row forgets its choice: an order row goes back to 0, a pre-order row to the cart's quantities.
 */
export function useRowChoices(orderType: OrderType, seasonCount: number) {
  const [choices, setChoices] = useState<ReadonlyMap<string, RowChoice>>(() => new Map());
  const lines = useCartStore((state) => state.lines);

  const choiceOf = (key: string): RowChoice => {
    const chosen = choices.get(key);
    if (chosen) return chosen;
    if (orderType === 'order') return emptyChoice;
    const line = lines.find((candidate) => candidate.orderType === 'preOrder' && lineSku(candidate) === key);
    return { quantity: 0, quantities: Array.from({ length: seasonCount }, (_, index) => line?.quantities[index] ?? 0) };
  };

  const setChoice = useCallback((key: string, choice: RowChoice) => {
    setChoices((current) => new Map(current).set(key, choice));
  }, []);

  const forget = useCallback((keys: readonly string[]) => {
    setChoices((current) => {
      const next = new Map(current);
      for (const key of keys) next.delete(key);
      return next;
    });
  }, []);

  return { choiceOf, setChoice, forget };
}

/** Adds rows to the cart through the cart store; resolves whether all of them went in. */
export function useAddRows(orderType: OrderType) {
  const addItems = useCartStore((state) => state.addItems);
  const busy = useCartStore((state) => state.isLoading);
  const { buyableWithoutStock } = useConfiguration();
  const add = useCallback(
    (entries: readonly Pick<RowEntry, 'row' | 'choice'>[]) =>
      addItems(
        entries.map(({ row, choice }) => toCandidate(row, choice, orderType)),
        orderType,
        { buyableWithoutStock },
      ),
    [addItems, orderType, buyableWithoutStock],
  );
  return { add, busy };
}
