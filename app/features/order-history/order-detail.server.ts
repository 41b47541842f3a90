import { data } from 'react-router';
import { parseRecordId } from '../../../core/record-id';
import { isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { accountDownloadPath } from '../downloads/download-paths';
import { reorderIntent } from './history-fields';

// The loader and action glue of /my-account/order-history/:id: the order (GET /api/order/{id}'s answer,
// read in process) and reorder (POST /api/order/{id}/reorder). An id that is no order number, another
// company's order, one the user may not see and an unknown one are all the same 'Order not found' page.

const orderNotFound = () => data({ messageKey: 'order.not_found' }, { status: 404 });

/** A refusal of the services as the page's answer: below 500 the order is not there for this user. */
function asNotFound(error: unknown): never {
  if (isAppError(error) && error.statusCode < 500) throw orderNotFound();
  throw error;
}

export async function loadOrderDetail({ services, ctx }: AppLoadContext, param: string | undefined) {
  const id = parseRecordId(param);
  if (id === null) throw orderNotFound();
  const order = await services.orders.getOrder(ctx, id).catch(asNotFound);
  // The lines whose product the buyer could review now get a link to its review form; those of a downloadable
  // product the company may download, its files (GET /api/order/{id}'s `downloads`, linked for the page's session).
  const [withDownloads, reviewable] = await Promise.all([services.downloads.withLineDownloads(ctx, order, accountDownloadPath), services.reviews.reviewableLinesOf(ctx, id)]);
  return { order: withDownloads, reviewable };
}

/** The line's index in the order's items, when one line is ordered again; undefined: the whole order. */
function lineOf(form: FormData): number | undefined | null {
  const line = form.get('line');
  if (line === null || line === '') return undefined;
  return typeof line === 'string' && /^\d{1,4}$/.test(line) ? Number(line) : null;
}

export async function reorderFromForm({ services, ctx }: AppLoadContext, param: string | undefined, form: FormData) {
  const id = parseRecordId(param);
  if (id === null) throw orderNotFound();
  const line = lineOf(form);
  if (form.get('intent') !== reorderIntent || line === null) return data({ ok: false as const, messageKey: 'validation.invalid' }, { status: 400 });
  try {
    const answer = await services.orders.reorder(ctx, id, line === undefined ? undefined : [line]);
    return { ok: true as const, line: line ?? null, ...answer };
  } catch (error) {
    // A line the order does not have (a stale page): said on the page, nothing changed.
    if (isAppError(error) && error.code === 'validation') {
      const messageKey = error.field?.startsWith('lines') ? 'reorder.line_unknown' : error.messageKey;
      return data({ ok: false as const, messageKey }, { status: 400 });
    }
    return asNotFound(error);
  }
}
