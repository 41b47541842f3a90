import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';

// A row of PUT /erp/v1/seasons (docs/erp-integration.md, "Seasons"): a pre-order season is a delivery
// date with a name (docs/product.md, Entities); the shop shows the seasons in their position's order.

export const seasonRow = z
  .strictObject({
    externalId: z.string().trim().min(1).max(100).meta({ description: 'The ERP’s key of the season; stock rows name it in preStocks.' }),
    name: z.string().trim().min(1).max(100),
    date: calendarDate.meta({ description: 'The delivery date of the season’s pre-orders, YYYY-MM-DD.' }),
    position: z
      .number()
      .int('validation.whole_number')
      .min(0, 'validation.negative')
      .max(1_000_000, 'validation.invalid')
      .optional()
      .meta({ description: 'Where the season is shown among the others (ascending). A new season without one comes last; a stored one keeps its place.' }),
  })
  .meta({
    id: 'SeasonRow',
    description: 'One pre-order season, by its externalId.',
    example: { externalId: 'FS27', name: 'Frühjahr 2027', date: '2027-03-01', position: 1 },
  });

export type SeasonRow = z.infer<typeof seasonRow>;
