import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de/translation.json' with { type: 'json' };
import en from '../../../locales/en/translation.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n';
import { TierPrices, type TierPricesProps } from './tier-prices';

const eur = (value: number, preOrderPrice: number | null = null) => ({ value, currency: 'EUR', rrp: null, preOrderPrice });
const item: TierPricesProps['item'] = { price: eur(5), vatRate: 19, tierPrices: [{ minQuantity: 10, price: eur(4.2) }, { minQuantity: 1000, price: eur(4) }] };

function text(props: TierPricesProps, locale: 'de' | 'en' = 'de'): string {
  return renderToStaticMarkup(
    <I18nProvider locale={locale} catalogue={locale === 'de' ? de : en}>
      <TierPrices {...props} />
    </I18nProvider>,
  )
    .replace(/<\/li>/g, '|')
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');
}

describe('the tier prices of a catalogue row', () => {
  it('say from which quantity a piece costs what, in the viewer’s language, net like the row’s price', () => {
    expect(text({ item, showNetPrices: true })).toBe('ab 10: 4,20 €|ab 1.000: 4,00 €|');
    expect(text({ item, showNetPrices: true }, 'en')).toBe('from 10: €4.20|from 1,000: €4.00|');
  });

  it('are gross in a gross view, and net where the shop has no rate for the buyer (the row’s note says so)', () => {
    expect(text({ item, showNetPrices: false })).toBe('ab 10: 5,00 €|ab 1.000: 4,76 €|');
    expect(text({ item: { ...item, vatRate: null }, showNetPrices: false })).toBe('ab 10: 4,20 €|ab 1.000: 4,00 €|');
  });

  it('show nothing without tiers, without prices, or in pre-order mode of a product with a pre-order price', () => {
    expect(text({ item: { ...item, tierPrices: [] }, showNetPrices: true })).toBe('');
    expect(text({ item: { ...item, price: null, tierPrices: [] }, showNetPrices: true })).toBe('');
    expect(text({ item: { ...item, price: eur(5, 3.9) }, showNetPrices: true, preOrder: true })).toBe('');
    expect(text({ item, showNetPrices: true, preOrder: true })).toBe('ab 10: 4,20 €|ab 1.000: 4,00 €|');
  });
});
