import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { defaultLocale, isLocale, type Locale } from '../../core/locale';
import { createTranslator, type Catalogue, type Translate } from '../../core/translate';

// Translations reach the browser inside the document (a JSON script element written by the server
// render), not as JavaScript: the bundle stays small and a page only carries its own language.
// Changing the language therefore reloads the document (the language form is a plain form post).

interface I18nValue {
  locale: Locale;
  catalogue: Catalogue;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);
const scriptId = 'shop-translations';

// The server renders every page with one of two catalogue objects: the translator and the escaped
// JSON of each are made once per catalogue, not once per page.
const translators = new WeakMap<Catalogue, Translate>();
const documentJson = new WeakMap<Catalogue, string>();

function translatorFor(locale: Locale, catalogue: Catalogue): Translate {
  let translate = translators.get(catalogue);
  if (!translate) {
    translate = createTranslator(locale, catalogue);
    translators.set(catalogue, translate);
  }
  return translate;
}

export function I18nProvider({ locale, catalogue, children }: { locale: Locale; catalogue: Catalogue; children: ReactNode }) {
  const value = useMemo(() => ({ locale, catalogue, t: translatorFor(locale, catalogue) }), [locale, catalogue]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useTranslation(): { t: Translate; locale: Locale } {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslation() needs the I18nProvider of entry.server / entry.client');
  return { t: value.t, locale: value.locale };
}

/** Writes the catalogue into the document; `<` is escaped so no text can end the script element. */
export function TranslationsScript({ nonce }: { nonce: string | undefined }) {
  const value = useContext(I18nContext);
  const catalogue = value?.catalogue ?? {};
  let json = documentJson.get(catalogue);
  if (json === undefined) {
    json = JSON.stringify({ locale: value?.locale ?? defaultLocale, catalogue }).replace(/</g, '\\u003c');
    documentJson.set(catalogue, json);
  }
  return <script id={scriptId} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The catalogue the server wrote into this document. */
export function readDocumentTranslations(): { locale: Locale; catalogue: Catalogue } {
  const element = document.getElementById(scriptId);
  const parsed = element?.textContent ? (JSON.parse(element.textContent) as { locale?: unknown; catalogue?: Catalogue }) : {};
  return { locale: isLocale(parsed.locale) ? parsed.locale : defaultLocale, catalogue: parsed.catalogue ?? {} };
}
