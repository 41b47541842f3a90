import { data, redirect, replace } from 'react-router';
import { orderSheetMaxFileBytes, orderSheetMaxUploadBodyBytes } from '../../../core/order-sheet-limits';
import { readPastedQuantity, type Quantity } from '../../../core/order-sheet-paste';
import { isAppError, meetsRequirement, parseInput, pathLine, announcedLengthHeaders } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { readForm } from '../../lib/read-form.server';
import { confirmModes, importParam, previewPath, sheetIntents, type ConfirmMode } from './sheet-fields';
import type { OrderSheetTarget } from './sheet-view';

// The loader and action glue of /order-sheet (docs/product.md, Order sheets): the import named in the URL
// (GET /api/orderSheet/{importId}'s answer, read in process), and the forms that make one from pasted text
// or an uploaded XLSX file (as POST /api/orderSheet/paste and /upload), change one row and confirm it. Every form is a plain post, so the page works without JavaScript.
// A form that succeeded is answered with a redirect to the preview (Post/Redirect/Get): a reload shows it
// again instead of posting twice, and what a confirmation put into the cart is part of the import it shows.

/** What a refused form says: its message (and the values to say it with), and the row it is about. */
export interface SheetFormProblem {
  ok: false;
  intent: string;
  messageKey: string;
  params?: Record<string, string | number>;
  line?: number;
  /** The pasted text and target, so a refused paste or upload keeps what the buyer chose. */
  text?: string;
  target?: OrderSheetTarget;
}

const refuse = (problem: Omit<SheetFormProblem, 'ok'>, status = 400) => data<SheetFormProblem>({ ok: false, ...problem }, { status });

/** The service's refusal of the import itself: it is gone for this user (unknown, expired, someone else's). */
const isUnavailable = (error: unknown) => isAppError(error) && error.messageKey === 'error.order_sheet_not_found';

export async function loadOrderSheet({ services, ctx }: AppLoadContext, url: URL) {
  // Visitors and guests never see this page: the root loader's guard redirects them.
  if (!meetsRequirement(ctx, 'buyer')) return { sheet: null, unavailable: false };
  const importId = url.searchParams.get(importParam);
  if (importId === null) return { sheet: null, unavailable: false };
  try {
    const sheet = await services.orderSheet.getImport(ctx, importId);
    return { sheet, unavailable: false };
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) return { sheet: null, unavailable: true };
    throw error;
  }
}

function targetOf(value: FormDataEntryValue | null): OrderSheetTarget | null {
  return value === 'order' || value === 'preOrder' ? value : null;
}

/** A quantity typed into the preview, read by the paste reader's rule: whole units, blank as none. */
function quantityOf(value: FormDataEntryValue | null): Quantity {
  return readPastedQuantity(typeof value === 'string' ? value : '');
}

async function pasteFromForm({ services, ctx }: AppLoadContext, form: FormData) {
  const text = form.get('text');
  const target = targetOf(form.get('target'));
  const pasted = typeof text === 'string' ? text : '';
  if (target === null) return refuse({ intent: sheetIntents.paste, messageKey: 'quick_order.target.invalid', text: pasted });
  if (pasted.trim() === '') return refuse({ intent: sheetIntents.paste, messageKey: 'quick_order.paste.empty', text: pasted, target });
  try {
    const sheet = await services.orderSheet.pasteImport(ctx, { text: pasted, target });
    return redirect(previewPath(sheet.importId));
  } catch (error) {
    // What the paste reader refused of the whole text (too long, too many lines): said at the text, which stays.
    if (isAppError(error) && error.statusCode === 400) return refuse({ intent: sheetIntents.paste, messageKey: error.messageKey, params: error.params, text: pasted, target });
    throw error;
  }
}

/**
 * A multipart post judged by its Content-Length before its body is read: larger than any upload the page
 * takes, or with no length to judge (browsers always send one with a form; a body sent in chunks would be
 * read whole before its size is known).
 */
function uploadLengthProblem(request: Request): 'tooLarge' | 'unannounced' | null {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return null;
  let announced: number | undefined;
  try {
    announced = parseInput(announcedLengthHeaders, { 'content-length': request.headers.get('content-length') ?? undefined })['content-length'];
  } catch (error) {
    if (isAppError(error)) return 'unannounced';
    throw error;
  }
  if (announced === undefined) return 'unannounced';
  return announced > orderSheetMaxUploadBodyBytes ? 'tooLarge' : null;
}

async function uploadFromForm({ services, ctx }: AppLoadContext, form: FormData) {
  const target = targetOf(form.get('target'));
  const file = form.get('file');
  if (target === null) return refuse({ intent: sheetIntents.upload, messageKey: 'quick_order.target.invalid' });
  if (!(file instanceof File) || (file.name === '' && file.size === 0)) return refuse({ intent: sheetIntents.upload, messageKey: 'quick_order.upload.missing', target });
  try {
    const sheet = await services.orderSheetUpload.uploadImport(ctx, new Uint8Array(await file.arrayBuffer()), target);
    return redirect(previewPath(sheet.importId));
  } catch (error) {
    // The reader's refusal of the file (its kind, size, limits), with how to save it as an Excel workbook.
    if (isAppError(error) && error.statusCode < 500) return refuse({ intent: sheetIntents.upload, messageKey: error.messageKey, params: error.params, target }, error.statusCode);
    throw error;
  }
}

async function changeRowFromForm({ services, ctx }: AppLoadContext, importId: string, form: FormData) {
  const line = pathLine({ line: form.get('line') });
  const variantSku = form.get('variantSku');
  // A "did you mean" button names its sku as `suggestion`; the row's sku field is `sku`.
  const sku = form.get('suggestion') ?? form.get('sku');
  const change: { quantity?: number; quantities?: number[]; variantSku?: string; sku?: string } = {};
  if (typeof variantSku === 'string' && variantSku !== '') change.variantSku = variantSku;
  // Removing a line needs no item number: a line without one can be removed too.
  if (typeof sku === 'string' && form.get('remove') !== '1') change.sku = sku.trim();
  if (form.get('remove') === '1') {
    // "Remove": a quantity of 0 leaves the line out.
    change.quantity = 0;
  } else if (form.has('quantity')) {
    const quantity = quantityOf(form.get('quantity'));
    if ('refusal' in quantity) return refuse({ intent: sheetIntents.row, line, ...quantity.refusal });
    change.quantity = quantity.value ?? 0;
  }
  if (form.has('quantities')) {
    const quantities = form.getAll('quantities').map(quantityOf);
    const refused = quantities.find((quantity) => 'refusal' in quantity);
    if (refused && 'refusal' in refused) return refuse({ intent: sheetIntents.row, line, ...refused.refusal });
    change.quantities = quantities.map((quantity) => ('value' in quantity ? (quantity.value ?? 0) : 0));
  }
  try {
    await services.orderSheet.changeRow(ctx, importId, line, change);
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500 && !isUnavailable(error)) {
      return refuse({ intent: sheetIntents.row, line, messageKey: error.messageKey, params: error.params });
    }
    throw error;
  }
  // Replace, not push: each saved row would otherwise be a step of its own in the browser's history.
  return replace(previewPath(importId));
}

async function confirmFromForm({ services, ctx }: AppLoadContext, importId: string, form: FormData) {
  const mode = form.get('mode');
  if (!confirmModes.includes(mode as ConfirmMode)) return refuse({ intent: sheetIntents.confirm, messageKey: 'quick_order.confirm.mode_invalid' });
  // The import now carries its confirmation, which the preview shows (and a second confirm answers alike).
  await services.orderSheet.confirm(ctx, importId, mode as ConfirmMode);
  return replace(previewPath(importId));
}

export async function orderSheetAction(app: AppLoadContext, request: Request) {
  const lengthProblem = uploadLengthProblem(request);
  if (lengthProblem === 'tooLarge') {
    return refuse({ intent: sheetIntents.upload, messageKey: 'orderSheet.file.tooLarge', params: { maxMb: orderSheetMaxFileBytes / 1024 / 1024 } }, 413);
  }
  if (lengthProblem === 'unannounced') return refuse({ intent: sheetIntents.upload, messageKey: 'orderSheet.upload.malformed' });
  const form = await readForm(request, app);
  const intent = form.get('intent');
  if (intent === sheetIntents.paste) return pasteFromForm(app, form);
  if (intent === sheetIntents.upload) return uploadFromForm(app, form);
  const importId = form.get('importId');
  if ((intent !== sheetIntents.row && intent !== sheetIntents.confirm) || typeof importId !== 'string' || importId === '') {
    return refuse({ intent: typeof intent === 'string' ? intent : '', messageKey: 'validation.invalid' });
  }
  try {
    return intent === sheetIntents.row ? await changeRowFromForm(app, importId, form) : await confirmFromForm(app, importId, form);
  } catch (error) {
    // The import went away since the page was shown (expired, or another session's): said, nothing changed.
    if (isUnavailable(error)) return refuse({ intent, messageKey: 'quick_order.unavailable' }, 404);
    // Refused as a whole (nothing can go into the cart, already confirmed): said above the preview.
    if (isAppError(error) && error.statusCode < 500) return refuse({ intent, messageKey: error.messageKey, params: error.params }, error.statusCode);
    throw error;
  }
}
