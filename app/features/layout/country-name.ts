// Building an Intl formatter costs far more than using one, so each language's is made once.
const displayNamesByLocale = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNamesByLocale.has(locale)) {
    let names: Intl.DisplayNames | null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    displayNamesByLocale.set(locale, names);
  }
  return displayNamesByLocale.get(locale) ?? null;
}

/** A country's name in the reader's language (ISO 3166 code), falling back to the given name or the code. */
export function countryName(code: string, locale: string, fallback?: string): string {
  try {
    return regionNames(locale)?.of(code) ?? (fallback || code);
  } catch {
    return fallback || code;
  }
}
