import { data, redirect } from 'react-router';
import type { Product } from '../../../core/catalog-types';
import { parseRecordId } from '../../../core/record-id';
import { maxAlarmQuantity, type StockAlarm, type StockNotification } from '../../../core/stock-alarms';
import { isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formId, formText } from '../../lib/form-values.server';
import { missingLines, toBasketItems, withCandidates } from '../../stores/cart-lines';
import { savedParam } from '../account/saved-notice';
import { variantAsProduct } from '../catalog/product-rows';
import { alarmIntents, alarmPagePath, type AlarmSaved } from './alarm-fields';
import type { WithProduct } from './alarm-types';

// The loader and action glue of /alarm (docs/product.md, Stock alarms and notifications): the buyer's
// notifications and alarms, read in process through the services of GET /api/notification and
// GET /api/alarm. Opening the page marks the unread notifications viewed (POST
// /api/notification/setViewed's service); the page still shows them as new this once. Every change is a
// form posted to the action and answered with a redirect (post, redirect, get), so it all works without
// JavaScript; a refusal stays on the page with its reason. A service's refusal of the page itself
// (notifications off, a sales person acting for no company) is the error page with its status.

async function asPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) throw data({ messageKey: error.messageKey }, { status: error.statusCode });
    throw error;
  }
}

/** The orderable item of a product: the variant where the reference is a variant's sku; null when it is neither. */
function orderableItem(product: Product | undefined, domainReference: string | null): Product | null {
  if (!product || domainReference === null) return null;
  if (product.variants.length === 0) return product.sku === domainReference ? product : null;
  const variant = product.variants.find((candidate) => candidate.variantSku === domainReference);
  return variant ? variantAsProduct(product, variant) : null;
}

type Wish = { domainId: number | null; domainReference: string | null };

/** Each entry with its product as the buyer can order it now (batch size, sales unit, price). */
async function withProducts<T extends Wish>({ services, ctx }: AppLoadContext, entries: readonly T[]): Promise<WithProduct<T>[]> {
  const ids = [...new Set(entries.flatMap((entry) => (entry.domainId === null ? [] : [entry.domainId])))];
  const products = ids.length === 0 ? [] : await services.catalog.productsById(ctx, ids, { withVariants: true });
  const byId = new Map(products.map((product) => [product._id, product]));
  return entries.map((entry) => ({ ...entry, product: entry.domainId === null ? null : orderableItem(byId.get(entry.domainId), entry.domainReference) }));
}

export function loadAlarmPage(app: AppLoadContext) {
  const { services, ctx } = app;
  return asPage(async () => {
    const [notifications, alarms] = await Promise.all([services.notifications.listNotifications(ctx), services.alarms.listAlarms(ctx)]);
    const unread = notifications.data.notViewed;
    if (unread.length > 0) await services.notifications.setViewed(ctx, unread.map((entry) => entry._id));
    const [newNotifications, earlierNotifications, alarmRows, notificationCount] = await Promise.all([
      withProducts<StockNotification>(app, unread),
      withProducts<StockNotification>(app, notifications.data.viewed),
      withProducts<StockAlarm>(app, alarms),
      services.notifications.countNotifications(ctx),
    ]);
    return { newNotifications, earlierNotifications, alarms: alarmRows, notificationCount: { unreadNotificationCount: notificationCount.unreadNotificationCount, etag: notificationCount.etag } };
  });
}

/** The ids a "delete all" form posted (one `id` field per entry shown); null when any is no id. */
function formIds(form: FormData): number[] | null {
  const ids = form.getAll('id').map(parseRecordId);
  return ids.length > 0 && ids.every((id) => id !== null) ? ids : null;
}

/** A posted quantity: a whole number from 1 to the API's limit, written as a number field writes it; else null. */
function formQuantity(form: FormData): number | null {
  const text = formText(form, 'quantity').trim();
  const quantity = Number(text);
  return Number.isInteger(quantity) && String(quantity) === text && quantity >= 1 && quantity <= maxAlarmQuantity ? quantity : null;
}

const redirectTo = (saved: AlarmSaved) => redirect(`${alarmPagePath}?${savedParam}=${saved}`);

export interface AlarmActionFailure {
  ok: false;
  messageKey: string;
  params?: Record<string, string | number> | undefined;
}

const refused = (messageKey: string, status: number, params?: Record<string, string | number>) => data<AlarmActionFailure>({ ok: false, messageKey, params }, { status });
const invalid = () => refused('an.error.occurred', 400);

/** The item as the buyer can order it now, with the quantity, into the order cart by the cart's own rules; false when it did not go in. */
async function addToCart({ services, ctx }: AppLoadContext, productId: number, domainReference: string, quantity: number): Promise<boolean> {
  const [products, configuration, basket] = await Promise.all([
    services.catalog.productsById(ctx, [productId], { withVariants: true }),
    services.settings.getConfiguration(ctx),
    services.basket.getBasket(ctx),
  ]);
  const item = orderableItem(products[0], domainReference);
  if (!item?.price) return false;
  const next = withCandidates(basket.items, [{ ...item, quantity }], 'order', { buyableWithoutStock: configuration.buyableWithoutStock });
  await services.basket.saveBasket(ctx, { _id: basket._id, items: toBasketItems(next) });
  const answer = await services.basket.getBasket(ctx);
  return missingLines([{ sku: item.sku, variantSku: item.variantSku, orderType: 'order' }], answer.items).length === 0;
}

/** Changes the quantity of one of the buyer's alarms (and arms it again): the alarm as the list has it, the quantity posted. */
async function saveAlarm({ services, ctx }: AppLoadContext, id: number, quantity: number): Promise<boolean> {
  const alarm = (await services.alarms.listAlarms(ctx)).find((candidate) => candidate._id === id);
  if (!alarm) return false;
  await services.alarms.saveAlarm(ctx, { name: alarm.name, domainId: alarm.domainId, domainReference: alarm.domainReference, quantity });
  return true;
}

async function changeFromForm(app: AppLoadContext, form: FormData) {
  const { services, ctx } = app;
  const intent = formText(form, 'intent');
  const id = formId(form);
  switch (intent) {
    case alarmIntents.deleteNotification:
    case alarmIntents.deleteAllNotifications: {
      const ids = intent === alarmIntents.deleteNotification ? (id === null ? null : [id]) : formIds(form);
      if (!ids) return invalid();
      await services.notifications.deleteNotifications(ctx, ids);
      return redirectTo('deleted');
    }
    case alarmIntents.deleteAlarm:
    case alarmIntents.deleteAllAlarms: {
      const ids = intent === alarmIntents.deleteAlarm ? (id === null ? null : [id]) : formIds(form);
      if (!ids) return invalid();
      await services.alarms.deleteAlarms(ctx, ids);
      return redirectTo('deleted');
    }
    case alarmIntents.saveAlarm: {
      const quantity = formQuantity(form);
      if (id === null || quantity === null) return invalid();
      return (await saveAlarm(app, id, quantity)) ? redirectTo('saved') : invalid();
    }
    case alarmIntents.addToCart: {
      const productId = formId(form, 'productId');
      const quantity = formQuantity(form);
      if (productId === null || quantity === null) return invalid();
      return (await addToCart(app, productId, formText(form, 'domainReference'), quantity)) ? redirectTo('added') : refused('product.added.to.cart.error', 409);
    }
    default:
      return invalid();
  }
}

export async function alarmPageAction(app: AppLoadContext, form: FormData) {
  try {
    return await changeFromForm(app, form);
  } catch (error) {
    // A refusal is said on the page (the alarm limit, a product no longer offered); anything else is the error page.
    if (isAppError(error) && error.statusCode < 500) return refused(error.messageKey, error.statusCode, error.params);
    throw error;
  }
}
