import type { CartProduct } from '../../../../core/catalog-types';
import { lineKey } from '../../../../core/cart-state';
import type { HostedModalProps } from '../../../components/modal-host';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { useSession } from '../../session/use-root-data';

/**
 * Lines that ask for more than the stock holds (title 'stock.not.enough.error').
 * The buyer keeps them (the shop may deliver later) or lowers them to what is available. Only sales
 * persons see stock numbers, so customers see the lines without them.
 */
export default function NotEnoughStockModal({ data, onClose }: HostedModalProps) {
  const { t } = useTranslation();
  const isSalesPerson = useSession()?.account.isSalesPerson ?? false;
  const fitToStock = useCartStore((state) => state.fitToStock);
  const lines = ((data as { lines?: CartProduct[] } | null)?.lines ?? []).filter((line) => line.orderType === 'order');

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="not-enough-stock-modal"
      title={t('stock.not.enough.error')}
      description={t('stock.not.enough.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('stock.not.enough.keep')}
          </Button>
          <Button
            data-testid="fit-to-stock"
            onClick={() => {
              onClose();
              void fitToStock(lines);
            }}
          >
            {t('stock.not.enough.adjust')}
          </Button>
        </>
      }
    >
      <ul className="divide-y divide-zinc-200 text-sm">
        {lines.map((line) => (
          <li key={lineKey(line)} className="flex items-baseline justify-between gap-4 py-2">
            <span className="min-w-0">
              <span className="block font-medium text-zinc-900">{line.name}</span>
              <span className="price text-xs text-zinc-600">{line.variantSku || line.sku}</span>
            </span>
            <span className="price shrink-0 text-right text-zinc-700">
              {t('stock.not.enough.requested', { quantity: line.quantity })}
              {isSalesPerson ? <span className="block text-xs">{t('stock.not.enough.available', { stock: Math.max(0, line.stock.value) })}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
