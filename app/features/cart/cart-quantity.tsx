import { useId, useState } from 'react';
import { decrementQuantity, incrementQuantity, isValidBatchMultiple, normaliseQuantity, stepFor } from '../../../core/quantity';
import { useTranslation } from '../../lib/i18n';
import { MinusGlyph, PlusGlyph } from './cart-page-glyphs';

export interface CartQuantityProps {
  value: number;
  batchSize: number;
  /** Whether the shop's batch-size rule is on: then only multiples of the batch size are accepted. */
  batchRuleActive: boolean;
  /** The lowest quantity the field offers: one batch for an order line, 0 for a pre-order season. */
  min: number;
  /** Accessible name, e.g. "Quantity: Drill 500 W". */
  label: string;
  onChange: (quantity: number) => void;
  testId?: string;
}

const stepButton =
  'inline-flex size-9 items-center justify-center text-zinc-700 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The cart's quantity selector (docs/product.md, Cart): minus and plus snap to multiples of the batch
 * size; typed numbers count once the field is left or Enter is pressed, and a number that is not a
 * multiple of the batch size is explained instead of sent.
 */
export function CartQuantity({ value, batchSize, batchRuleActive, min, label, onChange, testId }: CartQuantityProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const step = stepFor(batchSize);

  function change(quantity: number) {
    setDraft(null);
    if (!isValidBatchMultiple(quantity, batchSize, batchRuleActive)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (quantity !== value && quantity >= min) onChange(quantity);
  }

  return (
    <div className="inline-flex flex-col items-end gap-1">
      <div className="inline-flex items-center overflow-hidden rounded-md border border-zinc-300 bg-white focus-within:ring-2 focus-within:ring-brand-text">
        <button
          type="button"
          className={stepButton}
          aria-label={t('cart.quantity.decrease', { label })}
          disabled={value <= min}
          onClick={() => change(Math.max(min, decrementQuantity(value, batchSize)))}
        >
          <MinusGlyph />
        </button>
        <input
          type="number"
          inputMode="numeric"
          data-testid={testId}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          min={min}
          step={step}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => draft !== null && change(normaliseQuantity(draft))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && draft !== null) change(normaliseQuantity(draft));
          }}
          className="price h-9 w-16 border-x border-zinc-300 text-center outline-none [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={stepButton} aria-label={t('cart.quantity.increase', { label })} onClick={() => change(incrementQuantity(value, batchSize))}>
          <PlusGlyph />
        </button>
      </div>
      {invalid ? (
        <p id={errorId} className="max-w-48 text-right text-xs text-danger">
          {t('cart.invalid.batch.quantity')}
        </p>
      ) : null}
    </div>
  );
}
