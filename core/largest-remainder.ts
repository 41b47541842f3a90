// Splitting an amount of cents over parts in proportion to their weights so the parts add up to the
// amount exactly (the largest remainder method). The order discount is split over the VAT rates with
// it, so VAT is computed on discounted amounts and no cent appears or vanishes.

/**
 * Each part gets floor(amount × weight / Σ weights); the cents left over go one each to the parts
 * with the largest remainders, ties to the earlier part (so callers decide the tie order: the money
 * path lists the highest VAT rate first). Weights and amount are non-negative integers; with no
 * weight at all every part gets 0 (nothing to carry the amount). Exact at any size (BigInt).
 */
export function splitByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((weight, index) => {
    const scaled = big * BigInt(weight);
    return { index, share: scaled / bigTotal, remainder: scaled % bigTotal };
  });
  let left = big - parts.reduce((sum, part) => sum + part.share, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.share));
}
