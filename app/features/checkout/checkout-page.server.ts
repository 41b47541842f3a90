import type { OrderType } from '../../../core/catalog-types';
import { parseRecordId } from '../../../core/record-id';
import { countryNameOf } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { loadCheckout } from './checkout.server';
import { checkoutShortfalls } from './stock-shortfall.server';

// What the checkout page shows besides the checkout itself (checkout.server.ts): the lines short of
// stock (a blocker before the click, with its one-click fix), what keeps the buyer from ordering at all
// (server/modules/orders/buyer-standing.ts, read as the placement reads it), the countries a new
// shipping address may have, and the address to preselect after one was added (`address` in the URL).

export async function loadCheckoutPage(app: AppLoadContext, orderType: OrderType, url: URL) {
  const checkout = await loadCheckout(app, orderType);
  const [shortfalls, configuration, orderBlocker] = await Promise.all([
    checkoutShortfalls(app, checkout.lines, orderType),
    app.services.settings.getConfiguration(app.ctx),
    app.services.orderPlacement.orderBlocker(app.ctx),
  ]);
  return {
    ...checkout,
    shortfalls,
    /** What keeps this buyer from ordering at all (a blocked account or company, delivery blocked), as a message key. */
    orderBlocker,
    shippingCountries: configuration.shippingCountries.map((code) => ({ code, name: countryNameOf(code, app.ctx.locale) })),
    chosenAddressId: parseRecordId(url.searchParams.get('address')),
  };
}
