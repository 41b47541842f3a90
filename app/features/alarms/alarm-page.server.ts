import { data, redirect } from 'react-router';
import type { Product } from '../../../core/catalog-types';
import { normaliseQuantity } from '../../../core/quantity';
import { parseRecordId } from '../../../core/record-id';
import { isAppError, meetsRequirement } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formId, formText } from '../../lib/form-values.server';
import { missingLines, toBasketItems, withCandidates } from '../../stores/cart-lines';
import { variantAsProduct } from '../catalog/product-rows';
import type { StockAlarm, StockNotification, WithProduct } from './alarm-types';
import { savedParam } from '../account/saved-notice';
import { alarmIntents, alarmPagePath, type AlarmSaved } from './alarm-fields';

// The loader and action glue of /alarm (docs/product.md, Stock alarms and notifications): the buyer's
// notifications and alarms, read in process through the services of GET /api/notification and
// GET /api/alarm. Opening the page marks the unread notifications viewed (POST
// /api/notification/setViewed); the page still shows them as new this once. Every change is a form
// posted to the action and answered with a redirect (post, redirect, get), so it all works without
// JavaScript; a refusal stays on the page with its reason.

const notAllowed = () => data({ messageKey: 'error.notifications_not_allowed' }, { status: 403 });

/** Signed in, not the guest (the root guard), and the shop allows notifications. */
async function requireNotifications({ services, ctx }: AppLoadContext): Promise<void> {
  const configuration = await services.settings.getConfiguration(ctx);
  if (!configuration.allowNotifications || !meetsRequirement(ctx, 'buyer')) throw notAllowed();
}

/** The orderable item (the variant where the reference is a variant's sku) of each entry's product. */
async function withProducts<T extends { domainId: number; domainReference: string }>({ services, ctx }: AppLoadContext, entries: readonly T[]): Promise<WithProduct<T>[]> {
  const ids = [...new Set(entries.map((entry) => entry.domainId))];
  const products = ids.length === 0 ? [] : await services.catalog.productsById(ctx, ids, { withVariants: true });
  const byId = new Map(products.map((product) => [product._id, product]));
  return entries.map((entry) => ({ ...entry, product: orderableItem(byId.get(entry.domainId), entry.domainReference) }));
}

function orderableItem(product: Product | undefined, domainReference: string): Product | null {
  if (!product) return null;
  if (product.variants.length === 0) return product.sku === domainReference ? product : null;
  const variant = product.variants.find((candidate) => candidate.variantSku === domainReference);
  return variant ? variantAsProduct(product, variant) : null;
}

export async function loadAlarmPage(app: AppLoadContext) {
  await requireNotifications(app);
  const { services, ctx } = app;
  const [notifications, alarms] = await Promise.all([services.notifications.list(ctx), services.alarms.list(ctx)]);
  const unread = notifications.data.notViewed;
  const unreadNotificationCount = unread.length > 0 ? (await services.notifications.setViewed(ctx, unread.map((entry) => entry._id))).unreadNotificationCount : notifications.unreadNotificationCount;
  const [newNotifications, earlierNotifications, alarmRows] = await Promise.all([
    withProducts<StockNotification>(app, unread),
    withProducts<StockNotification>(app, notifications.data.viewed),
    withProducts<StockAlarm>(app, alarms.data),
  ]);
  return { newNotifications, earlierNotifications, alarms: alarmRows, alarmList: alarms.data, notificationCount: await services.notifications.count(ctx), unreadNotificationCount };
}

/** The ids a "delete all" form posted (one `id` field per entry shown); null when any is no id. */
function formIds(form: FormData): number[] | null {
  const ids = form.getAll('id').map(parseRecordId);
  return ids.length > 0 && ids.every((id) => id !== null) ? ids : null;
}

const redirectTo = (saved: AlarmSaved) => redirect(`${alarmPagePath}?${savedParam}=${saved}`);

export type AlarmActionFailure = { ok: false; messageKey: string };

/** A refusal of the services as the page's answer, said on the page; anything else is thrown on. */
function refusal(error: unknown): ReturnType<typeof data<AlarmActionFailure>> {
  if (isAppError(error) && error.statusCode < 500) return data({ ok: false as const, messageKey: error.messageKey }, { status: error.statusCode });
  throw error;
}

const invalid = () => data({ ok: false as const, messageKey: 'an.error.occurred' }, { status: 400 });

/** The product's item as the buyer can order it, with the quantity, into the order cart (the cart's own rules). */
async function addToCart(app: AppLoadContext, productId: number, domainReference: string, quantity: number): Promise<boolean> {
  const { services, ctx } = app;
  const [products, configuration, basket] = await Promise.all([
    services.catalog.productsById(ctx, [productId], { withVariants: true }),
    services.settings.getConfiguration(ctx),
    services.basket.getBasket(ctx),
  ]);
  const item = orderableItem(products[0], domainReference);
  if (!item || !item.price) return false;
  const settings = { buyableWithoutStock: configuration.buyableWithoutStock };
  const next = withCandidates(basket.items, [{ ...item, quantity }], 'order', settings);
  await services.basket.saveBasket(ctx, { _id: basket._id, items: toBasketItems(next) });
  const answer = await services.basket.getBasket(ctx);
  return missingLines([{ sku: item.sku, variantSku: item.variantSku, orderType: 'order' }], answer.items).length === 0;
}

export async function alarmPageAction(app: AppLoadContext, form: FormData): Promise<Response | ReturnType<typeof data<AlarmActionFailure>>> {
  await requireNotifications(app);
  const { services, ctx } = app;
  const intent = formText(form, 'intent');
  const id = formId(form);
  try {
    switch (intent) {
      case alarmIntents.deleteNotification:
      case alarmIntents.deleteAllNotifications: {
        const ids = intent === alarmIntents.deleteNotification ? (id === null ? null : [id]) : formIds(form);
        if (!ids) return invalid();
        await services.notifications.remove(ctx, ids);
        return redirectTo('deleted');
      }
      case alarmIntents.deleteAlarm:
      case alarmIntents.deleteAllAlarms: {
        const ids = intent === alarmIntents.deleteAlarm ? (id === null ? null : [id]) : formIds(form);
        if (!ids) return invalid();
        await services.alarms.remove(ctx, ids);
        return redirectTo('deleted');
      }
      case alarmIntents.saveAlarm:
      case alarmIntents.rearmAlarm: {
        const productId = formId(form, 'productId');
        const quantity = normaliseQuantity(formText(form, 'quantity'));
        if (productId === null || quantity <= 0) return invalid();
        await services.alarms.save(ctx, { name: formText(form, 'name'), domainId: productId, domainReference: formText(form, 'domainReference'), quantity });
        return redirectTo('saved');
      }
      case alarmIntents.addToCart: {
        const productId = formId(form, 'productId');
        const quantity = normaliseQuantity(formText(form, 'quantity'));
        if (productId === null || quantity <= 0) return invalid();
        return (await addToCart(app, productId, formText(form, 'domainReference'), quantity)) ? redirectTo('added') : data({ ok: false as const, messageKey: 'product.added.to.cart.error' }, { status: 409 });
      }
      default:
        return invalid();
    }
  } catch (error) {
    return refusal(error);
  }
}


