import { useId, useState } from 'react';
import type { HostedModalProps } from '../../../components/modal-host';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { useConfiguration } from '../../session/use-root-data';
import { useModalLine } from './use-modal-line';

/**
 * Moves a line between the order cart and the pre-order cart. Into the pre-order
 * cart the buyer picks the season the quantity is for; back into the order cart all seasons together
 * become one quantity.
 */
export default function MoveToOtherCartModal({ props, onClose }: HostedModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { seasons } = useConfiguration();
  const moveToOtherCart = useCartStore((state) => state.moveToOtherCart);
  const { identity, line } = useModalLine(props);
  const [seasonIndex, setSeasonIndex] = useState(0);
  const toPreOrder = line?.orderType === 'order';

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="move-to-other-cart-modal"
      title={t(toPreOrder ? 'cart.move.to.preorder' : 'cart.move.to.order')}
      description={line ? t(toPreOrder ? 'cart.move.to.preorder.description' : 'cart.move.to.order.description', { name: line.name }) : t('cart.line.gone')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={!line} data-testid="move-confirm">
            {t('cart.move.confirm')}
          </Button>
        </>
      }
    >
      {line && toPreOrder && seasons.length > 0 ? (
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            onClose();
            if (identity) void moveToOtherCart(identity, { seasonCount: seasons.length, seasonIndex });
          }}
        >
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-zinc-900">{t('cart.move.season')}</legend>
            {seasons.map((season, index) => (
              <label key={season._id} className="flex items-center gap-2 text-sm text-zinc-800">
                <input type="radio" name="season" value={index} checked={seasonIndex === index} onChange={() => setSeasonIndex(index)} className="size-4 accent-brand" />
                {season.name}
              </label>
            ))}
          </fieldset>
        </form>
      ) : (
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            onClose();
            if (identity && line) void moveToOtherCart(identity, { seasonCount: seasons.length });
          }}
        />
      )}
    </Modal>
  );
}
