// The wishlist's id list rules (adding is skipped if the id is already present; docs/product.md, Cart),
// apart from the store so they are tested without a network.

export function withId(ids: readonly number[], productId: number): number[] {
  return ids.includes(productId) ? [...ids] : [...ids, productId];
}

export function withoutId(ids: readonly number[], productId: number): number[] {
  return ids.filter((id) => id !== productId);
}
