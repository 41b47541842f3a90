/** A country's name in the reader's language (ISO 3166 code), falling back to the given name or the code. */
export function countryName(code: string, locale: string, fallback?: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? fallback ?? code;
  } catch {
    return fallback || code;
  }
}
