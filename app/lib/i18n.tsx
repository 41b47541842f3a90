import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { defaultLocale, isLocale, type Locale } from '../../core/locale';
import { createTranslator, type Catalogue, type Translate } from '../../core/translate';
import { catalogueUrls } from './catalogue-urls';

// Translations reach the browser as a file of their own (catalogue-urls.ts), not as JavaScript and not
// inside every document: the bundle stays small, a document carries only its language and the file's
// address (a small JSON script element written by the server render), and the browser keeps the file.
// Changing the language therefore reloads the document (the language form is a plain form post).

interface I18nValue {
  locale: Locale;
  catalogue: Catalogue;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);
const scriptId = 'shop-translations';

// The server renders every page with one of two catalogue objects: the translator of each is made once
// per catalogue, not once per page.
const translators = new WeakMap<Catalogue, Translate>();

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

/** The page's language for the browser (its catalogue's address follows from it). */
export function TranslationsScript({ nonce }: { nonce: string | undefined }) {
  const value = useContext(I18nContext);
  const json = JSON.stringify({ locale: value?.locale ?? defaultLocale });
  return <script id={scriptId} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/** Asks for the page's catalogue as the document starts loading, before the scripts that need it. */
export function TranslationsPreload({ locale }: { locale: Locale }) {
  return <link rel="preload" href={catalogueUrls[locale]} as="fetch" crossOrigin="anonymous" />;
}

/** The catalogue of the language the server wrote into this document, from its file (the preload's answer). */
export async function loadDocumentTranslations(): Promise<{ locale: Locale; catalogue: Catalogue }> {
  const element = document.getElementById(scriptId);
  const parsed = element?.textContent ? (JSON.parse(element.textContent) as { locale?: unknown }) : {};
  const locale = isLocale(parsed.locale) ? parsed.locale : defaultLocale;
  const response = await fetch(catalogueUrls[locale]);
  if (!response.ok) throw new Error(`the ${locale} catalogue answered ${response.status}`);
  return { locale, catalogue: (await response.json()) as Catalogue };
}
