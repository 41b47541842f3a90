import type { ComponentType } from 'react';
import type { CartProduct } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { useCartStore } from '../../stores/cart-store';
import { useInterfaceStore } from '../../stores/interface-store';
import { useConfiguration } from '../session/use-root-data';
import { cartModals } from './cart-modal-names';
import { PackageGlyph, SwapGlyph, TagGlyph, TrashGlyph } from './cart-page-glyphs';

interface ActionButtonProps {
  icon: ComponentType<{ className?: string }>;
  label: string;
  /** The product's name, spoken after the label: every line has the same buttons. */
  productName: string;
  onClick: () => void;
  testId: string;
}

function ActionButton({ icon: Icon, label, productName, onClick, testId }: ActionButtonProps) {
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950"
    >
      <Icon className="size-4" />
      {label}
      <span className="sr-only">: {productName}</span>
    </button>
  );
}

/** What can be done with a cart line; the modals load when first opened. */
export function CartLineActions({ line }: { line: CartProduct }) {
  const { t } = useTranslation();
  const { isCustomAttributesActive, isPreOrderModeVisible } = useConfiguration();
  const openModal = useInterfaceStore((state) => state.openModal);
  const remove = useCartStore((state) => state.remove);
  const identity = { sku: line.sku, variantSku: line.variantSku, orderType: line.orderType };
  const hasAttributes = line.customAttributes !== null && Object.keys(line.customAttributes).length > 0;
  // Into the pre-order cart only where the shop takes pre-orders; back to the order cart always.
  const canMove = line.orderType === 'preOrder' || isPreOrderModeVisible;

  return (
    <div className="-ml-2 flex flex-wrap gap-x-1 pt-1">
      {canMove ? (
        <ActionButton
          icon={SwapGlyph}
          productName={line.name}
          testId="line-move"
          label={t(line.orderType === 'order' ? 'cart.move.to.preorder' : 'cart.move.to.order')}
          onClick={() => openModal(cartModals.moveToOtherCart, { identity })}
        />
      ) : null}
      {line.orderType === 'order' ? (
        <ActionButton
          icon={PackageGlyph}
          productName={line.name}
          testId="line-packs"
          label={line.packs ? t('cart.packs.edit', { count: line.packs.length }) : t('cart.packs.open')}
          onClick={() => openModal(cartModals.packs, { identity })}
        />
      ) : null}
      {isCustomAttributesActive ? (
        <ActionButton
          icon={TagGlyph}
          productName={line.name}
          testId="line-attributes"
          label={hasAttributes ? t('cart.attributes.edit', { count: Object.keys(line.customAttributes ?? {}).length }) : t('cart.attributes.open')}
          onClick={() => openModal(cartModals.customAttributes, { identity })}
        />
      ) : null}
      <ActionButton icon={TrashGlyph} productName={line.name} testId="line-remove" label={t('cart.remove')} onClick={() => void remove(identity)} />
    </div>
  );
}
