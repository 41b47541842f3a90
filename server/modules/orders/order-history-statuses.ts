import type { Locale } from '../../../core/locale.ts';
import type { Caches } from '../../cache.ts';
import type { RequestContext } from '../../context.ts';
import type { SettingsService } from '../settings/settings.service.ts';

// Order status names as GET /api/lookup?lookupName=salesHeadStatus gives them, in the request's
// language: an id the lookup does not know is shown as the default status "1".
// Kept per tenant and language for a minute: the list is master data that hardly ever changes, and the
// order placement answers with the status name too without spending a statement on it.

export const defaultStatusId = '1';

export interface OrderStatusRef {
  id: string;
  name: string;
}

export interface StatusNames {
  /** The status an order with this stored id shows (unknown ids show as the default status). */
  statusOf(storedId: string): OrderStatusRef;
  /** Every id the lookup knows. */
  knownIds: readonly string[];
}

export function statusNamesOf(rows: readonly { id: string; name: string }[]): StatusNames {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const fallback = { id: defaultStatusId, name: names.get(defaultStatusId) ?? defaultStatusId };
  return {
    statusOf: (storedId) => {
      const name = names.get(storedId);
      return name === undefined ? fallback : { id: storedId, name };
    },
    knownIds: [...names.keys()],
  };
}

export function createOrderStatusNames(settings: Pick<SettingsService, 'listOrderStatuses'>, caches: Caches) {
  const cache = caches.counts<StatusNames>();
  return {
    namesFor(ctx: Pick<RequestContext, 'tenant' | 'locale'>): Promise<StatusNames> {
      const locale: Locale = ctx.locale;
      return cache.get(`${ctx.tenant.id}:${locale}`, async () => statusNamesOf(await settings.listOrderStatuses(ctx.tenant.id, locale)));
    },
    clearCache: () => cache.clear(),
  };
}

export type OrderStatusNames = ReturnType<typeof createOrderStatusNames>;
