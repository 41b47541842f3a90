import { shopToday } from './shop-day.ts';

// The requested delivery date of an order: never before the next working day of the shop (its day in
// Europe/Berlin, as every other date of the shop). Saturdays and Sundays are not working days; public
// holidays differ by region and are left to the wholesaler.

/** The first date an order placed at `now` may ask to be delivered on, as 'YYYY-MM-DD' (the shop's day). */
export function earliestDeliveryDate(now: Date): string {
  // A calendar day counted at UTC midnight: adding days never crosses a clock change.
  const day = new Date(`${shopToday(now)}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}
