// Rates (VAT, customer discount, percent shipping limits) are basis points inside the shop (19 % = 1900),
// so no float ever scales money; the JSON API and the screens speak percent (19, 8.1, 2.5). These two
// functions are the only crossing.

/** A percent as basis points: 8.1 → 810. Decimals beyond the second are rounded half up. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100) + 0; // no -0
}

/** Basis points as a percent: 810 → 8.1. */
export function bpToPercent(rateBp: number): number {
  return rateBp / 100;
}
