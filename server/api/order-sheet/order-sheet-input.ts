import { z } from 'zod';
import { orderSheetMaxPasteBytes, orderSheetMaxQuantity } from '../../../core/order-sheet-limits.ts';
import { AppError } from '../../errors.ts';
import { urlRecordId } from '../../http/url-record-id.ts';
import type { TemplateRequest } from '../../modules/order-sheet/template/order-sheet-template.service.ts';

// The bodies and path parameters of the order-sheet routes (docs/product.md, Order sheets). The pasted text
// itself is read by core/order-sheet-paste.ts, which refuses what it cannot read with its own messages.

/** A missing choice is named as missing, a wrong one as invalid (zod reports both as a wrong value). */
const choiceError = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') };

const target = z.enum(['order', 'preOrder'], choiceError);

export const pasteBody = z.strictObject({
  // Characters never outnumber UTF-8 bytes: the reader checks the bytes exactly.
  text: z.string().max(orderSheetMaxPasteBytes),
  target,
});

const quantity = z.number().int('validation.whole_number').min(0, 'validation.negative').max(orderSheetMaxQuantity, 'validation.too_large');

export const rowChangeBody = z
  .strictObject({
    quantity: quantity.nullable().optional(),
    quantities: z.array(quantity.nullable()).max(24, 'validation.too_many_seasons').optional(),
    variantSku: z.string().trim().max(100).nullable().optional(),
    // A corrected item number (a "did you mean" taken, or typed); what the paste reader refuses of one, the service refuses too.
    sku: z.string().trim().min(1).max(100).optional(),
  })
  .refine((body) => body.quantity !== undefined || body.quantities !== undefined || body.variantSku !== undefined || body.sku !== undefined, 'validation.required');

/**
 * GET /api/orderSheet/template's query: scope=category|assortment|bought, type=order|preOrder, and category=<id>
 * with scope=category only (a value that is no category id answers like an unknown category, 404).
 */
export const templateQuery = z
  .strictObject({
    scope: z.enum(['category', 'assortment', 'bought'], choiceError),
    type: target,
    category: z.string({ error: 'validation.invalid' }).optional(),
  })
  .superRefine((query, issues) => {
    if (query.scope === 'category' && query.category === undefined) issues.addIssue({ code: 'custom', path: ['category'], message: 'validation.required' });
    if (query.scope !== 'category' && query.category !== undefined) issues.addIssue({ code: 'custom', path: ['category'], message: 'validation.invalid' });
  });

export function templateRequestOf(query: z.infer<typeof templateQuery>): TemplateRequest {
  return {
    scope: query.scope,
    type: query.type,
    categoryId: query.category === undefined ? null : urlRecordId(query.category, 'error.category_not_found', 'category'),
  };
}

export const confirmBody = z.strictObject({ mode: z.enum(['set', 'add'], choiceError) });

/** An import's public id: 22 characters of base64url (16 random bytes). */
const importIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** The `:importId` parameter; anything that cannot be one is answered like an unknown import. */
export function pathImportId(params: unknown): string {
  const { importId } = (params ?? {}) as { importId?: unknown };
  if (typeof importId !== 'string' || !importIdPattern.test(importId)) throw new AppError('not_found', 'error.order_sheet_not_found');
  return importId;
}

/** The `:line` parameter: a row's line number as the reader numbered it; one no row has is answered 404 by the service. */
export function pathLine(params: unknown): number {
  const { line } = (params ?? {}) as { line?: unknown };
  if (typeof line !== 'string' || !/^[1-9][0-9]{0,6}$/.test(line)) throw new AppError('not_found', 'error.order_sheet_row_not_found');
  return Number(line);
}
