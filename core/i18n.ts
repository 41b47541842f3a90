import i18next, { type i18n } from 'i18next';
import de from '../locales/de/translation.json' with { type: 'json' };
import en from '../locales/en/translation.json' with { type: 'json' };
import { defaultLocale, type Locale } from './locale.ts';

// One i18next set-up for the server (API messages, SSR) and the browser. Keys are the spec's dotted
// codes ('product.added.to.cart'), so neither the key nor the namespace separator is used.

export const translations = { de, en } as const;

export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: { de: { translation: de }, en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const shared = new Map<Locale, i18n>();

/** One ready instance per language, reused by every render (creating one costs more than a render). */
export function i18nFor(locale: Locale): i18n {
  let instance = shared.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    shared.set(locale, instance);
  }
  return instance;
}
