import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { I18nProvider, loadDocumentTranslations } from './lib/i18n';

// A deploy replaces hashed chunks; a tab still running the old build then fails to load one.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

// The page is readable and usable without JavaScript meanwhile; without its catalogue it stays so.
void loadDocumentTranslations().then(({ locale, catalogue }) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider locale={locale} catalogue={catalogue}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
