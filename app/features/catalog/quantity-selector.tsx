import { useState, type KeyboardEvent } from 'react';
import { decrementQuantity, incrementQuantity, normaliseQuantity } from '../../../core/quantity';
import { useTranslation } from '../../lib/i18n';
import { MinusGlyph, PlusGlyph } from './catalog-glyphs';

export interface QuantitySelectorProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Arrow keys and the buttons step to the neighbouring multiples of the batch size. */
  batchSize: number;
  /** The most the field takes (stock or a season's 'max'); null: no cap. */
  max: number | null;
  /** Names the field for screen readers, e.g. "Quantity for Hammer 300 g". */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Enter in the field adds the line (keyboard first: docs/product.md, Look and behaviour). */
  onEnter?: () => void;
  testId?: string;
  /** Narrower, for tables with a field per season. */
  compact?: boolean;
}

/**
 * The quantity selector (docs/product.md, Cart): typing, arrow keys and +/- buttons, never below 0.
 * The buttons stay out of the tab order: the field's arrow keys do the same, and a table of rows
 * should not cost three tab stops per row.
 */
export function QuantitySelector({ value, onChange, batchSize, max, label, disabled = false, invalid = false, onEnter, testId, compact = false }: QuantitySelectorProps) {
  const { t } = useTranslation();
  // What the person is typing, kept as typed (an empty field stays empty) until the field is left.
  const [draft, setDraft] = useState<string | null>(null);
  const stepButton = `quantity-step ${compact ? 'w-6' : 'w-8'}`;
  const capped = (quantity: number) => (max === null ? quantity : Math.min(quantity, Math.max(0, max)));

  function step(next: number) {
    setDraft(null);
    onChange(capped(next));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowUp') step(incrementQuantity(value, batchSize));
    else if (event.key === 'ArrowDown') step(decrementQuantity(value, batchSize));
    else if (event.key === 'Enter') {
      setDraft(null);
      onEnter?.();
    } else return;
    event.preventDefault();
  }

  return (
    <div
      className={`inline-flex h-9 items-stretch overflow-hidden rounded-md border bg-white ${invalid ? 'border-danger ring-1 ring-danger' : 'border-zinc-300'} ${disabled ? 'opacity-50' : 'focus-within:ring-2 focus-within:ring-brand-text'}`}
    >
      <button type="button" tabIndex={-1} className={stepButton} disabled={disabled || value <= 0} onClick={() => step(decrementQuantity(value, batchSize))} aria-label={t('quantity.decrease')}>
        <MinusGlyph className="size-4" />
      </button>
      <input
        type="text"
        inputMode="numeric"
        role="spinbutton"
        autoComplete="off"
        data-testid={testId}
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => {
          const typed = event.target.value;
          const next = capped(normaliseQuantity(typed));
          setDraft(typed.trim() === '' || next === normaliseQuantity(typed) ? typed : null);
          onChange(next);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => setDraft(null)}
        onKeyDown={onKeyDown}
        className={`num ${compact ? 'w-11' : 'w-14'} min-w-0 border-x border-zinc-200 bg-transparent px-1 text-right text-sm outline-none disabled:cursor-not-allowed`}
      />
      <button
        type="button"
        tabIndex={-1}
        className={stepButton}
        disabled={disabled || (max !== null && incrementQuantity(value, batchSize) > max)}
        onClick={() => step(incrementQuantity(value, batchSize))}
        aria-label={t('quantity.increase')}
      >
        <PlusGlyph className="size-4" />
      </button>
    </div>
  );
}
