import type { ComponentType } from 'react';
import { stockStatus, type StockColour, type StockInput } from '../../../core/stock';
import { CheckCircleIcon, ErrorIcon } from '../../components/ui/icons';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { ClockGlyph } from './catalog-glyphs';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { formatNumber } from './format-number';

// Colour is never the only signal (docs/product.md, Look and behaviour): each state has its own icon and a text.
const looks: Record<StockColour, { icon: ComponentType<{ className?: string }>; text: string }> = {
  success: { icon: CheckCircleIcon, text: 'text-success' },
  warning: { icon: ClockGlyph, text: 'text-warning' },
  danger: { icon: ErrorIcon, text: 'text-danger' },
};

/** Stock display: colour, icon and text; the release-date tooltip; numbers for sales persons. */
export function StockIndicator({ product, isSalesPerson, className = '' }: { product: StockInput; isSalesPerson: boolean; className?: string }) {
  const { t, locale } = useTranslation();
  const status = stockStatus(product, { isSalesPerson, now: new Date() });
  const look = looks[status.colour];
  const Icon = look.icon;
  const content = (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${look.text} ${className}`} data-testid="stock" data-stock={status.colour}>
      <Icon className="size-4 shrink-0" />
      {t(status.labelKey)}
      {status.numericStock !== null ? (
        <span className="num font-normal text-zinc-700" data-testid="stock-number">
          ({formatNumber(status.numericStock, locale)})
        </span>
      ) : null}
    </span>
  );
  if (!status.tooltip) return content;
  const text = t(status.tooltip.key, { date: status.tooltip.params.date ? formatShopDateNumeric(status.tooltip.params.date, locale) : undefined });
  return (
    <Tooltip content={text} align="start">
      <span tabIndex={0} className="rounded-sm">
        {content}
      </span>
    </Tooltip>
  );
}
