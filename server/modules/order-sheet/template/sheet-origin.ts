import { amountOut, moneyIn } from '../../../../core/api-money.ts';
import type { OrderType } from '../../../../core/catalog-types.ts';
import type { SheetInputRow } from '../../../../core/order-sheet-input.ts';
import type { SignedInContext } from '../../access/access-policy.ts';
import type { BuyerProduct } from '../../basket/buyer-products.ts';
import type { JudgedRow } from '../order-sheet-judge.ts';
import { verifiedKeys } from './sheet-keys.ts';
import { sheetPriceCents } from './template-rows.ts';

// Where an uploaded sheet came from (docs/product.md, Order sheets: the personalised sheet): a personalised
// sheet made for this tenant and this company (its keys signed with the tenant's key) is remembered with the
// moment it was made, and its rows keep the net price it showed, so the preview can say which prices changed
// since; a sheet with keys that are not that (another company's, changed, made elsewhere) is read as a plain
// sheet with a notice, never naming whom it was made for. A sheet without keys has no origin.

export type SheetOrigin = { madeAt: string } | { foreign: true };

export interface PriceChange {
  old: number;
  new: number;
  currency: string;
}

/** The origin of an upload whose reader found `keys`, and its rows as the import keeps them. */
export function originOfUpload(
  ctx: SignedInContext,
  keys: Readonly<Record<string, string>> | undefined,
  rows: SheetInputRow[],
  signingKey: Buffer,
): { origin: SheetOrigin | null; rows: SheetInputRow[] } {
  const plain = () => rows.map(({ sheetPrice: _price, ...row }) => row);
  if (!keys) return { origin: null, rows: plain() };
  const verified = verifiedKeys(keys, signingKey);
  const company = ctx.identity.companyId === null ? '' : String(ctx.identity.companyId);
  if (!verified || verified.tenant !== String(ctx.tenant.id) || verified.company !== company) return { origin: { foreign: true }, rows: plain() };
  return { origin: { madeAt: verified.madeAt }, rows };
}

/** By line: rows whose personalised sheet showed another price for one piece than the buyer's price of today. */
export function priceChangesSince(rows: readonly JudgedRow[], products: ReadonlyMap<number, BuyerProduct>, type: OrderType): Map<number, PriceChange> {
  const changes = new Map<number, PriceChange>();
  for (const row of rows) {
    const shown = row.input.sheetPrice;
    const product = row.product ? products.get(row.product.id) : undefined;
    if (shown === undefined || !row.product || !product) continue;
    const variant = row.product.variantSku === null ? null : (product.variants.get(row.product.variantSku) ?? null);
    const today = sheetPriceCents(product, variant, type);
    // A price with a fraction of a cent was not written by the shop: it cannot be compared.
    const then = moneyIn(shown);
    if (then !== null && today !== then) changes.set(row.line, { old: amountOut(then), new: amountOut(today), currency: product.currency });
  }
  return changes;
}
