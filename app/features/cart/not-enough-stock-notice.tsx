import type { CartProduct } from '../../../core/catalog-types';
import { Button } from '../../components/ui/button';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useInterfaceStore } from '../../stores/interface-store';
import { cartModals } from './cart-modal-names';

/** Above the lines when some ask for more than the stock holds; opens the not-enough-stock modal. */
export function NotEnoughStockNotice({ lines }: { lines: readonly CartProduct[] }) {
  const { t } = useTranslation();
  const openModal = useInterfaceStore((state) => state.openModal);
  const lacking = lines.filter((line) => line.notEnoughStock);
  if (lacking.length === 0) return null;
  return (
    <div data-testid="not-enough-stock-notice" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-warning-soft px-4 py-3 text-sm text-zinc-900">
      <WarningIcon className="size-5 shrink-0 text-warning" />
      <p className="flex-1">{t('cart.not.enough.stock.notice', { count: lacking.length })}</p>
      <Button variant="secondary" size="sm" onClick={() => openModal(cartModals.notEnoughStock, {}, { lines: lacking })}>
        {t('cart.not.enough.stock.review')}
      </Button>
    </div>
  );
}
