import { z } from 'zod';
import { moneyIn } from '../../../core/api-money.ts';
import { bpToPercent, percentToBp } from '../../../core/basis-points.ts';
import { calendarDate } from '../../../core/calendar-date.ts';
import { hasControlCharacters } from '../../../core/input-text.ts';

// An invoice or credit note as the ERP sends it (PUT /erp/v1/documents/{externalId}). The document is a
// snapshot as issued: its amounts are what the ERP sent and the shop never recomputes them; only what
// would make the finance view say something false is refused (an open amount above the amount, a paid
// document with something open). Amounts are major units of the document's one currency (12.5 is
// 12,50 €, at most two decimals, core/api-money.ts), rates are percent (19, 8.1). A malformed field is a
// 400 naming it (server/http/validation.ts); references to the company and the order are the service's.

const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // The request's normalisation refuses control characters but keeps line breaks, which no single-line field has.
    .refine((value) => !hasControlCharacters(value), 'validation.invalid');

/** An amount in cents from major units; `signed` lets it go below 0 (a balance, a discount line). */
function money(options: { signed: boolean }) {
  const key = options.signed ? 'erp.document.money.invalid' : 'erp.document.amount.invalid';
  return z
    .number()
    .refine((value) => moneyIn(value) !== null && (options.signed || value >= 0), key)
    .transform((value) => moneyIn(value) ?? 0);
}

const amount = money({ signed: false });
const signedAmount = money({ signed: true });

/** A VAT rate in percent (0 to 100, at most two decimals), as basis points. */
const vatRate = z
  .number()
  .refine((value) => value >= 0 && value <= 100 && bpToPercent(percentToBp(value)) === value, 'erp.document.rate.invalid')
  .transform(percentToBp);

/** An ISO 4217 code the runtime knows (EUR, CHF …), upper case. */
const currency = z.string().refine((value) => /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value), 'erp.document.currency.invalid');

/** A link to the document in the ERP's own portal: http or https only. */
const documentLink = z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'validation.invalid');

export const documentTypes = ['invoice', 'credit'] as const;
export const settlements = ['open', 'partiallyPaid', 'paid'] as const;

const documentLine = z.strictObject({
  sku: text(100).nullish().meta({ description: 'The sku of the goods; none for a discount, freight or deposit line.' }),
  name: text(500),
  quantity: z.number().refine(Number.isFinite, 'validation.invalid'),
  unitPrice: signedAmount.meta({ description: 'Net, in major units; below 0 for a discount line.' }),
  vatRate: vatRate.meta({ description: 'Percent, e.g. 19.' }),
  lineNet: signedAmount.meta({ description: 'The line’s net amount as the ERP computed it.' }),
});

const vatShare = z.strictObject({
  rate: vatRate.meta({ description: 'Percent, e.g. 19.' }),
  net: signedAmount,
  vat: signedAmount,
});

export const documentBody = z
  .strictObject({
    type: z.enum(documentTypes).meta({ description: 'An invoice, or a credit note (whose amounts are what it credits, positive too).' }),
    number: text(64).meta({ description: 'The document number the buyer sees, unique in the shop.' }),
    companyExternalId: text(64).meta({ description: 'The customer number of the company the document is addressed to.' }),
    orderNumber: text(64).nullish().meta({ description: 'The shop’s order number of the order it bills; an order of that company.' }),
    typeName: text(100).nullish().meta({ description: 'The ERP’s name of the document type (Teilrechnung, Bonusgutschrift …); Rechnung or Gutschrift when left out.' }),
    date: calendarDate.meta({ description: 'The document date, YYYY-MM-DD.' }),
    dueDate: calendarDate.nullish().meta({ description: 'The day payment is due, YYYY-MM-DD; none for a credit note as a rule.' }),
    currency: currency.meta({ description: 'ISO 4217, e.g. EUR; every amount of the document is in it.' }),
    amount: amount.meta({ description: 'The gross amount, in major units (119.5 is 119,50).' }),
    net: amount.nullish().meta({ description: 'The net amount, where the ERP sends it.' }),
    vat: amount.nullish().meta({ description: 'The VAT amount, where the ERP sends it.' }),
    openAmount: amount.meta({ description: 'What is still open, 0 up to the amount.' }),
    balance: signedAmount.nullish().meta({ description: 'The company’s balance after this document as the ERP’s ledger has it; 0 when left out.' }),
    paymentStatus: z.enum(settlements).meta({ description: '`paid` exactly when nothing is open. Overdue is not sent: the shop tells it from the due date.' }),
    postway: text(100).nullish().meta({ description: 'How the document was sent (post, e-mail …).' }),
    documentLink: documentLink.nullish().meta({ description: 'The document in the ERP’s own portal (http or https).' }),
    lines: z.array(documentLine).max(1000).optional().meta({ description: 'The lines the shop’s PDF prints (unless the ERP sends its own PDF).' }),
    vatByRate: z.array(vatShare).max(20).optional().meta({ description: 'The VAT per rate the shop’s PDF prints.' }),
  })
  .superRefine((document, ctx) => {
    if (document.openAmount > document.amount) ctx.addIssue({ code: 'custom', path: ['openAmount'], message: 'erp.document.open_amount.above_amount' });
    if ((document.paymentStatus === 'paid') !== (document.openAmount === 0)) ctx.addIssue({ code: 'custom', path: ['paymentStatus'], message: 'erp.document.payment_status.mismatch' });
  })
  .meta({
    id: 'DocumentBody',
    description: 'An invoice or credit note as issued by the ERP.',
    example: {
      type: 'invoice',
      number: 'RE-2026-10421',
      companyExternalId: '10001',
      orderNumber: 'B2B-2026-000123',
      date: '2026-11-20',
      dueDate: '2026-12-20',
      currency: 'EUR',
      amount: 142.8,
      net: 120,
      vat: 22.8,
      openAmount: 142.8,
      paymentStatus: 'open',
      postway: 'E-Mail',
      lines: [{ sku: 'MAT-000001', name: 'Schraube 4x40', quantity: 10, unitPrice: 12, vatRate: 19, lineNet: 120 }],
      vatByRate: [{ rate: 19, net: 120, vat: 22.8 }],
    },
  });

export type DocumentInput = z.output<typeof documentBody>;

/** The ERP's key of a document in the path. */
export const documentParams = z.strictObject({
  externalId: text(64).meta({ description: 'The ERP’s key of the document; the same key always names the same document.' }),
});
