import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de/translation.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n';
import { UnitPrice, VatNote, type VatNoteProps } from './price-text';

const price = { value: 10, currency: 'EUR', rrp: null, preOrderPrice: null };

function text(element: React.ReactElement): string {
  return renderToStaticMarkup(
    <I18nProvider locale="de" catalogue={de}>
      {element}
    </I18nProvider>,
  )
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');
}

const note = (props: VatNoteProps) => text(<VatNote {...props} />);

describe('a price in the buyer’s view says whether it is net or gross', () => {
  it('is gross with the rate the shop knows, net and marked so without one (no gross figure invented)', () => {
    expect(text(<UnitPrice price={price} vatRate={19} showNetPrices={false} />)).toBe('11,90 €');
    expect(note({ showNetPrices: false, vatRates: [19] })).toBe('inkl. MwSt.');
    expect(text(<UnitPrice price={price} vatRate={null} showNetPrices={false} />)).toBe('10,00 €');
    expect(note({ showNetPrices: false, vatRates: [null] })).toBe('zzgl. MwSt.');
    expect(renderToStaticMarkup(<I18nProvider locale="de" catalogue={de}><VatNote showNetPrices={false} vatRates={[null]} /></I18nProvider>)).toContain('data-testid="price-vat-unknown"');
  });

  it('says so of a sum over items with and without a rate', () => {
    expect(note({ showNetPrices: false, vatRates: [19, null] })).toBe('teils inkl. MwSt. (ohne, wo kein Steuersatz hinterlegt ist)');
    expect(note({ showNetPrices: true, vatRates: [19, null] })).toBe('zzgl. MwSt.');
  });

  it('marks a cell under a column only where the rate is unknown', () => {
    expect(note({ showNetPrices: false, vatRates: [19], onlyWhenUnknown: true })).toBe('');
    expect(note({ showNetPrices: true, vatRates: [null], onlyWhenUnknown: true })).toBe('');
    expect(note({ showNetPrices: false, vatRates: [null], onlyWhenUnknown: true })).toBe('zzgl. MwSt.');
  });

  it('takes the known-rate class where the note only repeats its column (a phone card line that is a column on wide screens)', () => {
    const markup = (vatRates: (number | null)[]) =>
      renderToStaticMarkup(
        <I18nProvider locale="de" catalogue={de}>
          <VatNote showNetPrices={false} vatRates={vatRates} className="shown" knownClassName="lg:hidden" />
        </I18nProvider>,
      );
    expect(markup([19])).toBe('<span class="lg:hidden">inkl. MwSt.</span>');
    expect(markup([null])).toBe('<span class="shown" data-testid="price-vat-unknown">zzgl. MwSt.</span>');
  });
});
