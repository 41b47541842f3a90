import type { RenderedDocument } from './documents.service.ts';

// How a PDF is answered, the same by the API (server/api/documents) and the pages' download routes:
// shown in the browser, with a file name, never kept by a shared cache.

/** A file name any browser and header accepts: the number's letters, digits, dots, dashes and underscores. */
function pdfFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100);
  return `${safe || 'document'}.pdf`;
}

export function pdfHeaders(document: Pick<RenderedDocument, 'name'>): Record<string, string> {
  return {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${pdfFileName(document.name)}"`,
    'cache-control': 'private, no-cache',
  };
}
