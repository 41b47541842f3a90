// Which language a person sees: the locale cookie wins, then the browser's Accept-Language, then German.

export const supportedLocales = ['de', 'en'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'de';
export const localeCookieName = 'locale';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The Intl locale that writes numbers, money and dates in a shop language: German as in Germany, English
 * as in Britain (day before month, 24-hour clock, as the German shop's English readers expect).
 */
export function intlLocaleOf(locale: string): 'de-DE' | 'en-GB' {
  return locale === 'de' ? 'de-DE' : 'en-GB';
}

/** A name as a person reads it: the English one when they read English and there is one, else the German. */
export function localizedName(locale: Locale, german: string, english: string | null | undefined): string {
  return locale === 'en' && english ? english : german;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Parses an Accept-Language header into base languages ordered by quality (ties keep header order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.language !== '' && entry.language !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.language);
}

export function detectLocale(cookieValue: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return parseAcceptLanguage(acceptLanguage).find(isLocale) ?? defaultLocale;
}
