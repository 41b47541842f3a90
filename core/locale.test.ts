import { describe, expect, it } from 'vitest';
import { detectLocale, intlLocaleOf, localizedName, parseAcceptLanguage } from './locale.ts';

describe('detectLocale', () => {
  it.each([
    ['cookie wins over the browser language', 'en', 'de-DE,de;q=0.9', 'en'],
    ['cookie de wins over an English browser', 'de', 'en-US,en;q=0.9', 'de'],
    ['without a cookie the browser language is used', undefined, 'en-GB,en;q=0.8', 'en'],
    ['an unsupported cookie value is ignored', 'fr', 'en', 'en'],
    ['the first supported browser language by quality', null, 'fr;q=1,en;q=0.5,de;q=0.7', 'de'],
    ['nothing usable falls back to German', undefined, 'fr-FR,it;q=0.5', 'de'],
    ['no header at all falls back to German', undefined, undefined, 'de'],
    ['q=0 means not acceptable', undefined, 'en;q=0', 'de'],
  ])('%s', (_name, cookie, header, expected) => {
    expect(detectLocale(cookie, header)).toBe(expected);
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by quality and strips regions', () => {
    expect(parseAcceptLanguage('en-US;q=0.4, de-AT, fr;q=0.8')).toEqual(['de', 'fr', 'en']);
  });
  it('ignores wildcards and empty parts', () => {
    expect(parseAcceptLanguage('*, ,en')).toEqual(['en']);
  });
});

describe('intlLocaleOf', () => {
  it('writes German as in Germany and English as in Britain', () => {
    expect(intlLocaleOf('de')).toBe('de-DE');
    expect(intlLocaleOf('en')).toBe('en-GB');
    expect(new Intl.NumberFormat(intlLocaleOf('de')).format(1234.5)).toBe('1.234,5');
    expect(new Intl.DateTimeFormat(intlLocaleOf('en'), { dateStyle: 'short', timeZone: 'UTC' }).format(new Date('2026-03-01T00:00:00Z'))).toBe('01/03/2026');
  });
});

describe('localizedName', () => {
  it('is the English name for an English reader when there is one, else the German', () => {
    expect(localizedName('en', 'Schraube', 'Screw')).toBe('Screw');
    expect(localizedName('en', 'Schraube', null)).toBe('Schraube');
    expect(localizedName('en', 'Schraube', '')).toBe('Schraube');
    expect(localizedName('de', 'Schraube', 'Screw')).toBe('Schraube');
  });
});
