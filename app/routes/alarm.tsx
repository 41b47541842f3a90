import { useEffect, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/alarm';
import { appLoadContext } from '../app-context';
import { SavedNotice, savedParam } from '../features/account/saved-notice';
import { alarmSavedMessages } from '../features/alarms/alarm-fields';
import { AlarmList } from '../features/alarms/alarm-list';
import { alarmPageAction, loadAlarmPage } from '../features/alarms/alarm-page.server';
import { NotificationList } from '../features/alarms/notification-list';
import { useConfiguration } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';
import { readForm } from '../lib/read-form.server';
import { useAlarmStore } from '../stores/alarm-store';
import { useCartStore } from '../stores/cart-store';
import { useInterfaceStore } from '../stores/interface-store';
import { useNotificationCountStore } from '../stores/notification-count-store';

// /alarm (docs/product.md, Stock alarms and notifications): the buyer's stock notifications (the ones
// new at this visit first; opening the page marks them viewed) and stock alarms. Every change is a
// form posted to this page's action (post, redirect, get), so the page works without JavaScript; with
// it, the header's count and the bells follow what the loader read.

export async function loader({ context }: Route.LoaderArgs) {
  return loadAlarmPage(context.get(appLoadContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  return alarmPageAction(app, await readForm(request, app));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'alarm');
}

export default function AlarmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { buyableWithoutStock } = useConfiguration();
  const [searchParams] = useSearchParams();
  const failure = actionData && 'ok' in actionData && actionData.ok === false ? actionData.messageKey : null;

  // Before the header's effects: the bells and the count show what this page just read.
  useLayoutEffect(() => {
    useAlarmStore.getState().hydrate(loaderData.alarms.map(({ product: _product, ...alarm }) => alarm));
    useNotificationCountStore.getState().hydrate(loaderData.notificationCount);
  }, [loaderData]);

  // A line put into the cart on the server: the header's cart count reads it anew.
  const saved = searchParams.get(savedParam);
  useEffect(() => {
    if (saved === 'added') void useCartStore.getState().load();
  }, [saved]);

  useEffect(() => {
    if (failure) useInterfaceStore.getState().showToast({ message: { code: failure }, type: 'danger' });
  }, [failure, actionData]);

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="alarm-page">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-zinc-900">{t('alarm.page.title')}</h1>
        <p className="text-sm text-zinc-700">{t('alarm.page.intro')}</p>
      </div>
      <SavedNotice messages={alarmSavedMessages} />
      {failure ? (
        <p role="alert" data-testid="alarm-failure" className="rounded-md bg-danger-soft p-3 text-sm text-red-900">
          {t(failure)}
        </p>
      ) : null}
      <NotificationList newOnes={loaderData.newNotifications} earlier={loaderData.earlierNotifications} buyableWithoutStock={buyableWithoutStock} />
      <AlarmList alarms={loaderData.alarms} />
    </div>
  );
}
