import { useState } from 'react';
import type { ListedProduct } from '../../../core/catalog-types';
import { isValidBatchMultiple } from '../../../core/quantity';
import { useTranslation } from '../../lib/i18n';
import { AddToCartButton } from './cart-action-buttons';
import { QuantitySelector } from './quantity-selector';
import { emptyChoice } from './row-pricing';
import { isRowInputDisabled, orderQuantityMax, rowAddRule } from './row-rules';
import { useAddRows } from './use-cart-rows';
import type { CatalogViewer } from './use-catalog-viewer';

/** Quantity and add button of a card; products with variants are chosen on the product page instead. */
export function CardPurchase({ product, viewer }: { product: ListedProduct; viewer: CatalogViewer }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(0);
  const { add, busy } = useAddRows('order');
  const settings = { isBatchSizeActive: viewer.isBatchSizeActive, buyableWithoutStock: viewer.buyableWithoutStock };
  const choice = { ...emptyChoice, quantity };
  const addCard = async () => {
    if (await add([{ row: product, choice }])) setQuantity(0);
  };
  return (
    <div className="flex items-center justify-between gap-2">
      <QuantitySelector
        value={quantity}
        onChange={setQuantity}
        batchSize={product.salesBatchSize}
        max={orderQuantityMax(product, settings)}
        label={t('quantity.for', { name: product.name })}
        disabled={isRowInputDisabled(product, 'order', settings)}
        invalid={!isValidBatchMultiple(quantity, product.salesBatchSize, viewer.isBatchSizeActive)}
        onEnter={() => void addCard()}
        testId="quantity-input"
      />
      <AddToCartButton rule={rowAddRule(product, choice, 'order', settings)} busy={busy} onAdd={() => void addCard()} productName={product.name} />
    </div>
  );
}
