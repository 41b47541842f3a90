import type { ComponentType } from 'react';
import { CheckCircleIcon, ErrorIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { ClockGlyph } from '../catalog/catalog-glyphs';
import { formatNumber } from '../catalog/format-number';
import type { WishStock, WishStockState } from '../../../core/stock-alarms';

// The stock of an alarm's product measured against the wished quantity: colour, icon and text (colour
// is never the only signal), with the number for sales persons where the API gives it.

const looks: Record<WishStockState, { icon: ComponentType<{ className?: string }>; text: string }> = {
  available: { icon: CheckCircleIcon, text: 'text-success' },
  short: { icon: ClockGlyph, text: 'text-warning' },
  out: { icon: ErrorIcon, text: 'text-danger' },
};

export function AlarmStockState({ stock }: { stock: WishStock }) {
  const { t, locale } = useTranslation();
  const look = looks[stock.state];
  const Icon = look.icon;
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${look.text}`} data-testid="alarm-stock" data-state={stock.state}>
      <Icon className="size-4 shrink-0" />
      {t(`alarm.stock.${stock.state}`)}
      {stock.value !== undefined ? <span className="num font-normal text-zinc-700">({formatNumber(stock.value, locale)})</span> : null}
    </span>
  );
}
