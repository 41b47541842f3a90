import { formatCents } from '../../../core/money';
import { useTranslation } from '../../lib/i18n';

/** Formats integer cents for the page's language (de: 1.234,56 €). */
export function useMoney(): (cents: number, currency: string) => string {
  const { locale } = useTranslation();
  return (cents, currency) => formatCents(cents, currency, locale);
}
