import { z } from 'zod';
import { moneyIn } from '../../../core/api-money.ts';
import { bpToPercent, percentToBp } from '../../../core/basis-points.ts';

// Amounts and percents as the ERP sends them (docs/erp-integration.md): amounts in major units of the shop's
// currency (12.5 for 12,50 €), percents as numbers (2.5 for 2,5 %). Inside the shop they are cents and basis
// points; core/api-money.ts and core/basis-points.ts are the only crossings. A value with more decimals than
// its unit holds is refused, never rounded: the ERP meant something else.

/** An amount not below 0 with at most two decimals, as cents. */
export const amountSchema = z
  .number({ error: 'validation.invalid' })
  .min(0, 'validation.negative')
  .transform((value, context) => {
    const cents = moneyIn(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: 'erp.amount.invalid', input: value });
      return z.NEVER;
    }
    return cents;
  });

/** A percent from 0 to 100 with at most two decimals, as basis points. */
export const percentSchema = z
  .number({ error: 'validation.invalid' })
  .min(0, 'validation.negative')
  .max(100, 'validation.too_large')
  .transform((value, context) => {
    const bp = percentToBp(value);
    if (bpToPercent(bp) !== value) {
      context.addIssue({ code: 'custom', message: 'erp.percent.invalid', input: value });
      return z.NEVER;
    }
    return bp;
  });

export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
