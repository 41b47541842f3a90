import { parseJsonColumn } from '../../db/json-column.ts';

// What a shipment holds (order_shipments.lines): order lines named by their product sku and, for a
// variant's line, its variant sku, with the quantity in the parcel. Written by the ERP's shipment upsert,
// read by the buyer's order detail.

export interface ShipmentLine {
  sku: string;
  variantSku: string | null;
  quantity: number;
}

export function shipmentLinesOf(stored: string): ShipmentLine[] {
  const lines = parseJsonColumn<unknown>(stored, []);
  if (!Array.isArray(lines)) return [];
  // A line of a product without variants may have been written without the key: it is null, not missing.
  return (lines as (Omit<ShipmentLine, 'variantSku'> & { variantSku?: string | null })[]).map((line) => ({ ...line, variantSku: line.variantSku ?? null }));
}
