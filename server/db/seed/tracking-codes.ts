import { int, type Random } from './prng.ts';

// The parcel carriers of the demo history and tracking numbers shaped like each carrier's own, so the
// account area's links to the carriers' tracking pages look as they would with real parcels.

export const carriers = ['DHL', 'DPD', 'UPS', 'GLS', 'Hermes', 'FedEx'] as const;
export type Carrier = (typeof carriers)[number];

/** How often the seller ships with each (parcels from Hamburg: mostly DHL and DPD). */
const carrierWeights: Record<Carrier, number> = { DHL: 40, DPD: 22, UPS: 12, GLS: 12, Hermes: 8, FedEx: 6 };
const weightSum = carriers.reduce((sum, carrier) => sum + carrierWeights[carrier], 0);

/** The seller's UPS account, part of every UPS tracking number it creates. */
const upsShipperAccount = '8V4W31';

export function pickCarrier(random: Random): Carrier {
  let left = random() * weightSum;
  for (const carrier of carriers) {
    left -= carrierWeights[carrier];
    if (left < 0) return carrier;
  }
  return 'DHL';
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += String(int(random, 0, 9));
  return text;
}

export function trackingCode(random: Random, carrier: Carrier): string {
  switch (carrier) {
    case 'DHL':
      // DHL Paket: 20 digits beginning with the seller's 00340434 customer prefix.
      return `00340434${digits(random, 12)}`;
    case 'DPD':
      // DPD parcel number: 14 digits, the depot first.
      return `0150${digits(random, 10)}`;
    case 'UPS':
      // 1Z, the shipper's account, a two-digit service code, eight digits.
      return `1Z${upsShipperAccount}68${digits(random, 8)}`;
    case 'GLS':
      // GLS parcel number: 11 digits and a check digit.
      return `6${digits(random, 11)}`;
    case 'Hermes':
      // Hermes shipment id: H and 19 digits.
      return `H10${digits(random, 17)}`;
    case 'FedEx':
      return `7${digits(random, 11)}`;
  }
}
