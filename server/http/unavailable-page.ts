import type { Locale } from '../../core/locale.ts';
import { translatorFor } from '../i18n.ts';

// The page a person sees while the shop cannot serve pages (its database is away). It is written here, not
// rendered by the React app, whose loaders need that database; it reloads itself now and then, so the
// person is back in the shop once it serves again.

const reloadSeconds = 10;

export function unavailablePage(locale: Locale): string {
  const t = translatorFor(locale);
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="refresh" content="${reloadSeconds}">`,
    `<title>${t('error.page.unavailable')}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">',
    `<h1>${t('error.page.unavailable')}</h1><p>${t('error.page.unavailable.hint')}</p>`,
    '</body></html>',
  ].join('');
}
