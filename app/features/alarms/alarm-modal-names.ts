/** The alarm dialog's name in the modal host's registry (app/components/modal-host.tsx). */
export const alarmModals = { stockAlarm: 'stock-alarm' } as const;

/** What the bell hands to the dialog: the product (or variant) and the quantity to start with. */
export interface StockAlarmDialogProps {
  productId: number;
  /** The variant sku where the bell is a variant's, else the product's sku. */
  domainReference: string;
  name: string;
  batchSize: number;
  salesUnitName: string | null;
  quantity: number;
}
