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
  return Array.isArray(lines) ? (lines as ShipmentLine[]) : [];
}
