import { useId, useState } from 'react';
import type { HostedModalProps } from '../../../components/modal-host';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { useAlarmStore } from '../../../stores/alarm-store';
import { QuantitySelector } from '../../catalog/quantity-selector';
import type { StockAlarmDialogProps } from '../alarm-modal-names';
import { maxAlarmQuantity } from '../../../../core/stock-alarms';
import { wishedQuantity } from '../alarm-quantity';

/**
 * The alarm dialog (docs/product.md, Stock alarms and notifications): the quantity the buyer wishes
 * to order, in whole batches and the product's sales unit; saved with POST /api/alarm ('alarm.saved').
 * A product that has an alarm starts at its quantity, and saving changes it (and arms it again).
 */
export default function StockAlarmDialog({ props, onClose }: HostedModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const product = props as unknown as StockAlarmDialogProps;
  const save = useAlarmStore((state) => state.save);
  const [quantity, setQuantity] = useState(product.quantity);
  const [saving, setSaving] = useState(false);
  const snapped = wishedQuantity(quantity, product.batchSize);
  const unit = product.salesUnitName ?? t('alarm.dialog.pieces');

  async function submit() {
    if (saving) return;
    setSaving(true);
    const saved = await save({ name: product.name, domainId: product.productId, domainReference: product.domainReference, quantity: snapped });
    setSaving(false);
    if (saved) onClose();
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="alarm-dialog"
      size="sm"
      title={t('alarm.dialog.title')}
      description={t('alarm.dialog.description', { name: product.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined} data-testid="alarm-save">
            {t('alarm.dialog.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-800">
          <span aria-hidden="true">{t('alarm.dialog.quantity')}</span>
          <QuantitySelector
            value={quantity}
            onChange={setQuantity}
            batchSize={product.batchSize}
            max={maxAlarmQuantity}
            label={t('alarm.dialog.quantity.for', { name: product.name })}
            onEnter={() => void submit()}
            testId="alarm-quantity"
          />
          <span data-testid="alarm-unit">{unit}</span>
        </div>
        {product.batchSize > 1 ? <p className="text-xs text-zinc-600">{t('catalog.batch.hint', { size: product.batchSize })}</p> : null}
        {snapped !== quantity ? (
          <p className="text-xs text-zinc-700" data-testid="alarm-snapped" aria-live="polite">
            {t('alarm.dialog.snapped', { quantity: snapped })}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
