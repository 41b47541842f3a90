import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column.ts';

// The JSON snapshots a document is printed from (orders.seller; finance_documents.seller, buyer, lines,
// vat_by_rate), read leniently: a field that is missing or of the wrong kind is left out of the print,
// never a failed request, and a document whose lines cannot be read prints its totals only.
// Writers (order placement, the ERP import, the seed) write these shapes.

const text = z.string().nullish().catch(null);
const cents = z.number().int();

/** The seller company as it was when the document was issued (migration 0017's shape). */
export const sellerSnapshotSchema = z.object({
  name: text,
  address: text,
  postCode: text,
  city: text,
  countryCode: text,
  countryName: text,
  phone: text,
  email: text,
  logoUrl: text,
});
export type SellerSnapshot = z.infer<typeof sellerSnapshotSchema>;

/** The customer company a finance document is addressed to (street, zipCode: the address snapshots' names). */
export const buyerSnapshotSchema = z.object({
  companyName: text,
  customerNo: text,
  street: text,
  zipCode: text,
  city: text,
  countryCode: text,
  countryName: text,
  vatId: text,
});
export type BuyerSnapshot = z.infer<typeof buyerSnapshotSchema>;

/** A line of an invoice or credit note, amounts in cents (net). */
export const financeLineSchema = z.object({
  sku: text,
  name: z.string(),
  quantity: z.number(),
  unitPriceCents: cents,
  vatRateBp: z.number().int().nonnegative(),
  lineNetCents: cents,
});
export type FinanceLine = z.infer<typeof financeLineSchema>;

/** The VAT of a document per rate, in cents (the shape of orders.costs' vatByRate). */
export const vatShareSchema = z.object({ rateBp: z.number().int().nonnegative(), netCents: cents, vatCents: cents });
export type VatShare = z.infer<typeof vatShareSchema>;

function parsed<T>(schema: z.ZodType<T>, column: string | null): T | null {
  const result = schema.safeParse(parseJsonColumn<unknown>(column, null));
  return result.success ? result.data : null;
}

const emptySeller: SellerSnapshot = sellerSnapshotSchema.parse({});

export function readSeller(column: string | null): SellerSnapshot {
  return parsed(sellerSnapshotSchema, column) ?? emptySeller;
}

export function readBuyer(column: string | null): BuyerSnapshot | null {
  return parsed(buyerSnapshotSchema, column);
}

/** All lines, or none when any of them cannot be read: a document never prints half its lines. */
export function readLines(column: string | null): FinanceLine[] {
  return parsed(z.array(financeLineSchema), column) ?? [];
}

export function readVatShares(column: string | null): VatShare[] {
  return parsed(z.array(vatShareSchema), column) ?? [];
}
