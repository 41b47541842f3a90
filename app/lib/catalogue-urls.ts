import type { Locale } from '../../core/locale';
import deCatalogueUrl from '../../locales/de/translation.json?url';
import enCatalogueUrl from '../../locales/en/translation.json?url';

// Where the browser loads each language's catalogue: a file of the build named by its content, kept by the
// browser for a year (/assets/…), so a document no longer carries its 100 KB and a second page loads none.

export const catalogueUrls: Record<Locale, string> = { de: deCatalogueUrl, en: enCatalogueUrl };
