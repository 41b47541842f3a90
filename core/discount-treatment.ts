// What the company's discountType (from the company's transient data, like its freight) means for an
// order's total. ADR 0010 gives the reasons; in short: a summary never shows a discount that its
// total does not contain without saying so.

import { percentToBp } from './basis-points.ts';

/**
 * - 'deducted': the discount is taken off the goods at checkout; the summary shows it as a line and
 *   every total (net, VAT, gross) contains it.
 * - 'included': the customer prices already contain the discount; it is shown for information only,
 *   labelled "already included", and never subtracted again.
 * - 'none': no discount is shown and nothing is deducted.
 */
export type DiscountTreatment = 'deducted' | 'included' | 'none';

// The ERP sends free text (the demo data says 'percent') or a number. Every known spelling is listed;
// anything else counts as 'none': on money we would rather show no discount than deduct one twice.
const deducted = new Set(['invoice', 'percent', 'deducted', '0']);
const included = new Set(['price', 'included', '1']);

export function discountTreatment(discountType: unknown): DiscountTreatment {
  if (typeof discountType !== 'string' && typeof discountType !== 'number') return 'none';
  const spelling = String(discountType).trim().toLowerCase();
  if (deducted.has(spelling)) return 'deducted';
  if (included.has(spelling)) return 'included';
  return 'none';
}

/**
 * The discount percent in basis points (2.5 % = 250), as the money path uses it. A percent that is not
 * a finite number above 0 and at most 100 grants nothing; decimals beyond the second are rounded.
 */
export function discountBp(percent: unknown): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent > 100) return 0;
  return percentToBp(percent);
}

/** The treatment of a company's discount, or 'none' when its percent grants nothing. */
export function effectiveDiscountTreatment(discountType: unknown, percent: unknown): DiscountTreatment {
  return discountBp(percent) === 0 ? 'none' : discountTreatment(discountType);
}
