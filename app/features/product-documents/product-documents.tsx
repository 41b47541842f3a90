import { fileFormatOf, formatFileSize } from '../../../core/file-size';
import type { ProductDocument } from '../../../core/product-files';
import { useTranslation } from '../../lib/i18n';
import { DocumentGlyph } from './document-glyph';

// The product page's documents (docs/product.md, Product documents and downloads): data sheets, manuals,
// certificates and safety data sheets the reader may see, in the order the server gives (the variant the page
// stands for first). Each is a plain link that downloads the file, so it works without JavaScript, is reached
// with the keyboard and is one wide row to tap on a phone. It says the title, the kind, the variant, the
// language where it is not the page's, the version, and the file's format and size.

/** A document's file for the page's session: a link cannot carry the API's Authorization header (app/routes/product-document.ts). */
export const documentFilePath = (documentId: number) => `/product-document/${documentId}`;

export function ProductDocuments({ documents }: { documents: readonly ProductDocument[] }) {
  const { t, locale } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-title" data-testid="product-documents">
      <h2 id="documents-title" className="mb-3 text-lg font-semibold text-zinc-900">
        {t('product_documents.title')}
      </h2>
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white">
        {documents.map((entry) => (
          <li key={entry._id}>
            <a href={documentFilePath(entry._id)} download className="flex min-h-12 items-center gap-3 px-3 py-2 hover:bg-zinc-50" data-testid="product-document">
              <DocumentGlyph className="size-6 shrink-0 text-zinc-500" />
              <span className="min-w-0 flex-1">
                <span lang={entry.language ?? undefined} className="block font-medium break-words text-brand-text">
                  {entry.title}
                </span>
                <span className="block text-sm text-zinc-600">
                  {t(`product_documents.kind.${entry.kind}`)}
                  {entry.variantSku ? <> · <span className="num">{t('product_documents.variant', { sku: entry.variantSku })}</span></> : null}
                  {entry.language && entry.language !== locale ? (
                    <>
                      {' · '}
                      <span lang={entry.language} data-testid="product-document-language">
                        {t(`language.${entry.language}`)}
                      </span>
                    </>
                  ) : null}
                  {` · ${t('product_documents.version', { version: entry.version })}`}
                </span>
              </span>
              <span className="num shrink-0 text-sm whitespace-nowrap text-zinc-600" data-testid="product-document-file">
                {`${fileFormatOf(entry.contentType)} · ${formatFileSize(entry.bytes, locale)}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
