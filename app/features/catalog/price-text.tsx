import type { Price } from '../../../core/catalog-types';
import { formatCents } from '../../../core/money';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { shownUnitCents } from '../../../core/vat';

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

/** "zzgl. MwSt." / "inkl. MwSt.": every price says whether it is net or gross. */
export function VatNote({ showNetPrices, className = 'text-xs text-zinc-600' }: { showNetPrices: boolean; className?: string }) {
  const { t } = useTranslation();
  return <span className={className}>{t(showNetPrices ? 'price.net.note' : 'price.gross.note')}</span>;
}

export interface UnitPriceProps {
  price: Price | null;
  /** null: the shop has no VAT rate for the buyer's country (ADR 0016); the price is shown net and says so. */
  vatRate: number | null;
  showNetPrices: boolean;
  /** Pre-order mode shows the pre-order price where there is one. */
  preOrder?: boolean;
  className?: string;
}

/** The unit price in the buyer's view (net, or gross from the item's VAT rate; net, marked so, without one). */
export function UnitPrice({ price, vatRate, showNetPrices, preOrder = false, className }: UnitPriceProps) {
  if (!price) return <HiddenPrice />;
  const money = <Money cents={shownUnitCents(price, vatRate, showNetPrices, preOrder)} currency={price.currency} className={className} />;
  if (vatRate !== null || showNetPrices) return money;
  return (
    <span data-testid="price-vat-unknown">
      {money} <VatNote showNetPrices />
    </span>
  );
}
