import { createI18n } from '../../core/i18n';
import type { Locale } from '../../core/locale';

const instances = { de: createI18n('de'), en: createI18n('en') };

/** Translates a message key on the server, for answers of actions. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  return instances[locale].t(key, params);
}
