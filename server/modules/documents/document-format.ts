import type { Locale } from '../../../core/locale.ts';
import { formatCents } from '../../../core/money.ts';
import type { BuyerSnapshot } from './document-snapshots.ts';

// Small formatting helpers the document renderers share (dates: core/shop-date-format.ts).

/** An amount in cents as the buyer's language writes it. */
export function money(cents: number, currency: string, locale: Locale): string {
  return formatCents(cents, currency, locale);
}

export function buyerAddressLines(buyer: BuyerSnapshot | null): string[] {
  if (!buyer) return [];
  return [buyer.companyName, buyer.street, [buyer.zipCode, buyer.city].filter(Boolean).join(' '), buyer.countryName].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

/** A calendar day ('YYYY-MM-DD') as the instant a PDF's dates hold: midnight UTC, the same on every render. */
export function dayInstant(day: string): Date {
  const instant = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? new Date(0) : instant;
}

