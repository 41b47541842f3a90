import type { RequestContext } from '../../context.ts';
import { actsForCompany, requireAccess, type CompanyContext } from './access-policy.ts';

// Who downloads a downloadable product's files (docs/product.md, Product documents and downloads; ADR 0030):
// the company that bought it — its users, and the sales persons and admins while they act for it. A file of
// the product is the company's while one of its orders that counts as bought (placed on account or paid:
// server/modules/orders/placed-orders.ts) has a line of the product or of any of its variants; a variant's
// file needs a line of that variant. A line stops counting once a credit note of its order names it. This is
// decided at every request and never kept as a grant, so a cancelled order or a credited line ends the access
// with the next request. The shared guest is refused like everywhere a full account is needed; a caller acting
// for no company has no downloads. A file the company may not download answers exactly like an unknown one.
// downloads.repository.ts reads the company's bought lines by this rule.

/** The caller's context when they act for a company; null for a sales person or admin who chose none. */
export function downloadCompanyOf(requestCtx: RequestContext): CompanyContext | null {
  const ctx = requireAccess(requestCtx, 'accountUser');
  return actsForCompany(ctx) ? ctx : null;
}

/** What a file belongs to, and what an order line is of. */
export interface ProductRef {
  productId: number;
  /** null: the product itself. */
  variantId: number | null;
}

/** Whether a line of a bought order is of what the file belongs to: its product (any variant), or its variant. */
export function lineGrantsFile(file: ProductRef, line: ProductRef): boolean {
  return line.productId === file.productId && (file.variantId === null || line.variantId === file.variantId);
}

/** An order line as its credit notes name it. */
export interface CreditableLine {
  orderId: number;
  sku: string;
  variantSku: string | null;
}

/** The skus each order's credit notes name, by order id. */
export type CreditedSkus = ReadonlyMap<number, ReadonlySet<string>>;

/**
 * Whether a credit note of the line's order names the line: by the sku its documents print (the variant's,
 * else the product's), or by the product's sku where the ERP credits the product as a whole.
 */
export function isCredited(line: CreditableLine, credited: CreditedSkus): boolean {
  const skus = credited.get(line.orderId);
  return skus !== undefined && (skus.has(line.variantSku ?? line.sku) || skus.has(line.sku));
}

/** The lines that still give the company the file: those no credit note names. None left: no access. */
export function linesGivingAccess<L extends CreditableLine>(lines: readonly L[], credited: CreditedSkus): L[] {
  return lines.filter((line) => !isCredited(line, credited));
}
