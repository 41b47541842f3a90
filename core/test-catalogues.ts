// For tests only: both catalogues, to check that a rule's message key has its texts.
// (Production code gets catalogues from server/i18n.ts; the browser reads them from the document.)
import de from '../locales/de/translation.json' with { type: 'json' };
import en from '../locales/en/translation.json' with { type: 'json' };

export const translations: { de: Record<string, string>; en: Record<string, string> } = { de, en };
