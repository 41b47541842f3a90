import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import { formatAmount } from '../../../core/money';
import { useTranslation } from '../../lib/i18n';
import type { CheckoutFailure } from './checkout.server';
import { ReduceToAvailableForm } from './reduce-to-available-form';

interface LineName {
  sku: string;
  name: string;
}

type MoneyOut = { value: number; currency: string };
type DetailLine = { sku?: string; variantSku?: string | null; oldPrice?: MoneyOut; newPrice?: MoneyOut; requested?: number; available?: number };

function detailLines(details: unknown): DetailLine[] {
  if (!details || typeof details !== 'object' || !('lines' in details) || !Array.isArray(details.lines)) return [];
  return details.lines as DetailLine[];
}

/**
 * The refusal of the last place-order click, at the top of the page, with what to fix: for lines short
 * of stock the one-click reduction, otherwise the way back to the cart.
 */
export function CheckoutFailureAlert({ failure, lines, orderType }: { failure: CheckoutFailure; lines: readonly LineName[]; orderType: OrderType }) {
  const { t, locale } = useTranslation();
  const nameOf = (sku: string | undefined) => lines.find((line) => line.sku === sku)?.name ?? sku ?? '';
  const money = (amount: MoneyOut) => formatAmount(amount, locale);
  const details = detailLines(failure.details);
  const fixInCart = failure.messageKey === 'checkout.price.changed' || failure.messageKey === 'stock.not.enough.error' || failure.messageKey === 'checkout.lines.unavailable';
  return (
    <div role="alert" data-testid="checkout-error" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{t(failure.messageKey, failure.params ?? undefined)}</p>
      {details.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {details.map((line, index) => (
            <li key={`${line.sku ?? ''}-${line.variantSku ?? ''}-${index}`}>
              <span className="font-medium">{nameOf(line.sku)}</span> ({line.sku}
              {line.variantSku ? ` / ${line.variantSku}` : ''}):{' '}
              {line.oldPrice && line.newPrice ? (
                <>
                  <del>
                    <span className="sr-only">{t('cart.price.previous')} </span>
                    {money(line.oldPrice)}
                  </del>{' '}
                  → {money(line.newPrice)}
                </>
              ) : line.available !== undefined ? (
                <>
                  {t('stock.not.enough.requested', { quantity: line.requested ?? 0 })}, {t('stock.not.enough.available', { stock: line.available })}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {failure.messageKey === 'stock.not.enough.error' ? <ReduceToAvailableForm /> : null}
      {fixInCart ? (
        <p className="mt-2">
          <Link to={`/detailed-cart?type=${orderType}`} className="font-medium underline">
            {t('checkout.back_to_cart')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
