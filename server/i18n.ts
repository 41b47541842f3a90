import { defaultLocale, type Locale } from '../core/locale.ts';
import { createTranslator, type Catalogue, type Translate } from '../core/translate.ts';
import de from '../locales/de/translation.json' with { type: 'json' };
import en from '../locales/en/translation.json' with { type: 'json' };

// The catalogues live on the server: API messages are translated here, and each page carries its
// language's catalogue in the document, so the browser downloads no translation JavaScript.
const catalogues: Record<Locale, Catalogue> = { de, en };
const translators: Record<Locale, Translate> = {
  de: createTranslator('de', de),
  en: createTranslator('en', en, catalogues[defaultLocale]),
};

export function catalogueFor(locale: Locale): Catalogue {
  return catalogues[locale];
}

export function translatorFor(locale: Locale): Translate {
  return translators[locale];
}
