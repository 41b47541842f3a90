// The requested delivery date of an order (issue 10): never before the next working day. Saturdays
// and Sundays are not working days; public holidays differ by region and are left to the wholesaler.

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first date an order placed at `now` may ask to be delivered on, as 'YYYY-MM-DD' (UTC). */
export function earliestDeliveryDate(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return isoDate(day);
}
