import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { I18nProvider, readDocumentTranslations } from './lib/i18n';

// A deploy replaces hashed chunks; a tab still running the old build then fails to load one.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

const { locale, catalogue } = readDocumentTranslations();

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
