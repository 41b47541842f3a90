import type { Price } from '../../../core/catalog-types';
import { formatCents } from '../../../core/money';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { shownUnitCents, shownVatBasis } from '../../../core/vat';

/** Guests of a shop that hides prices see dots; the server sent no price at all. */
export function HiddenPrice() {
  const { t } = useTranslation();
  return (
    <Tooltip content={t('price.hidden.for.guests')}>
      <span tabIndex={0} role="img" aria-label={t('price.hidden')} data-testid="price-hidden" className="price rounded-sm tracking-widest text-zinc-500">
        •••
      </span>
    </Tooltip>
  );
}

/** An amount in cents, formatted for the viewer's language, with tabular figures. */
export function Money({ cents, currency, className = '' }: { cents: number; currency: string; className?: string }) {
  const { locale } = useTranslation();
  return <span className={`price ${className}`}>{formatCents(cents, currency, locale)}</span>;
}

const noteKeys = { net: 'price.net.note', gross: 'price.gross.note', mixed: 'price.mixed.note' } as const;

export interface VatNoteProps {
  showNetPrices: boolean;
  /** The VAT rates (percent; null where the shop has none for the buyer's country) of the items the amount is of. */
  vatRates: readonly (number | null)[];
  /** Only where an unknown rate makes the amount net in a gross view: for cells under a column that says it once. */
  onlyWhenUnknown?: boolean;
  className?: string;
  /** The class when the note only repeats what the column says: a cell that is a column on wide screens and a card line on phones hides it on the wide ones. */
  knownClassName?: string;
}

/**
 * "zzgl. MwSt." / "inkl. MwSt.": every price says whether it is net or gross. An item without a VAT rate
 * for the buyer's country is shown net in a gross view, and its note says so (ADR 0016).
 */
export function VatNote({ showNetPrices, vatRates, onlyWhenUnknown = false, className = 'text-xs text-zinc-600', knownClassName = className }: VatNoteProps) {
  const { t } = useTranslation();
  const basis = shownVatBasis(vatRates, showNetPrices);
  const rateUnknown = !showNetPrices && basis !== 'gross';
  if (onlyWhenUnknown && !rateUnknown) return null;
  return (
    <span className={rateUnknown ? className : knownClassName} data-testid={rateUnknown ? 'price-vat-unknown' : undefined}>
      {t(noteKeys[basis])}
    </span>
  );
}

export interface UnitPriceProps {
  price: Price | null;
  /** null: the shop has no VAT rate for the buyer's country (ADR 0016); the price is shown net, its VatNote says so. */
  vatRate: number | null;
  showNetPrices: boolean;
  /** Pre-order mode shows the pre-order price where there is one. */
  preOrder?: boolean;
  className?: string;
}

/** The unit price in the buyer's view (net, or gross from the item's VAT rate; net without one). */
export function UnitPrice({ price, vatRate, showNetPrices, preOrder = false, className }: UnitPriceProps) {
  if (!price) return <HiddenPrice />;
  return <Money cents={shownUnitCents(price, vatRate, showNetPrices, preOrder)} currency={price.currency} className={className} />;
}
