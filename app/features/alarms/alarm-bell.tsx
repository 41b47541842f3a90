import type { Product } from '../../../core/catalog-types';
import { lineSku } from '../../../core/cart-state';
import { BellIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { selectAlarmOf, useAlarmStore } from '../../stores/alarm-store';
import { useInterfaceStore } from '../../stores/interface-store';
import { useRootData } from '../session/use-root-data';
import { alarmModals, type StockAlarmDialogProps } from './alarm-modal-names';
import { offersAlarm, wishedQuantity } from './alarm-quantity';

export type BellItem = Pick<Product, '_id' | 'name' | 'sku' | 'variantSku' | 'salesBatchSize' | 'salesUnit' | 'stock' | 'isOnlySellableWithPositiveStock'>;

/**
 * "Notify me" for an out-of-stock or short product (docs/product.md, Stock alarms and notifications):
 * where the shop allows notifications, for customers and guests (they get the login modal, like the
 * wishlist's heart). It opens the alarm dialog; a product with an alarm shows the bell filled, pressed.
 * `quantity`: the row's chosen quantity (0: none chosen).
 */
export function AlarmBell({ item, quantity }: { item: BellItem; quantity: number }) {
  const { t } = useTranslation();
  const { session, configuration } = useRootData();
  const domainReference = lineSku(item);
  const alarm = useAlarmStore(selectAlarmOf(domainReference));
  if (!session || !configuration.allowNotifications || !offersAlarm(item, quantity)) return null;
  const watching = alarm !== undefined;

  function open() {
    if (session?.account.isGuest) {
      useInterfaceStore.getState().setGuestLoginModalOpen(true);
      return;
    }
    const props: StockAlarmDialogProps = {
      productId: item._id,
      domainReference,
      name: item.name,
      batchSize: item.salesBatchSize,
      salesUnitName: item.salesUnit?.name ?? null,
      quantity: alarm?.quantity ?? wishedQuantity(quantity, item.salesBatchSize),
    };
    useInterfaceStore.getState().openModal(alarmModals.stockAlarm, { ...props });
  }

  return (
    <button
      type="button"
      data-testid="alarm-bell"
      data-watching={watching || undefined}
      aria-pressed={watching}
      aria-haspopup="dialog"
      aria-label={`${t(watching ? 'alarm.bell.watching' : 'alarm.bell.set')}: ${item.name}`}
      title={t(watching ? 'alarm.bell.watching' : 'alarm.bell.set')}
      onClick={open}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-md border bg-white hover:bg-zinc-100 ${watching ? 'border-brand text-brand-text' : 'border-zinc-300 text-zinc-600'}`}
    >
      <BellIcon className="size-5" fill={watching ? 'currentColor' : 'none'} />
    </button>
  );
}
