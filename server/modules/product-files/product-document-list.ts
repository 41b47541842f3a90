import type { Locale } from '../../../core/locale.ts';
import { documentKinds, productDocumentUrl, type DocumentKind, type ProductDocument } from '../../../core/product-files.ts';

// Which of a product's documents a reader is shown, and in what order (docs/product.md, Product documents
// and downloads). A document in the reader's language or in none is always listed; one in the other language
// only where nothing of its kind exists in the reader's language for the same product or variant (an English
// manual for a German reader when there is no German one), its language shown on the page. In order: the
// documents of the variant the page stands for, then the product's own, then the other variants' in the
// variants' order; within each, the reader's language and language-less ones before the other language, then
// as the ERP sorted them, by kind, by title.

/** A document the reader may see, as the repository reads it. */
export interface DocumentRow {
  id: number;
  kind: DocumentKind;
  language: Locale | null;
  title: string;
  /** The version of the stored file. */
  version: string;
  fileName: string;
  contentType: string;
  bytes: number;
  storedAt: string;
  sortOrder: number;
  /** The variant it belongs to; null: the product itself. */
  variant: { sku: string; sortOrder: number } | null;
}

const kindOrder = (kind: DocumentKind) => documentKinds.indexOf(kind);

/** The documents listed for a reader of `locale` on a page that stands for the variant `shownSku` (or the product: null). */
export function listedDocuments(rows: readonly DocumentRow[], locale: Locale, shownSku: string | null): ProductDocument[] {
  const inReaderLanguage = new Set(rows.filter((row) => row.language === locale).map((row) => `${row.kind}:${row.variant?.sku ?? ''}`));
  const listed = rows.filter((row) => row.language === null || row.language === locale || !inReaderLanguage.has(`${row.kind}:${row.variant?.sku ?? ''}`));
  const groupOf = (row: DocumentRow) => (row.variant === null ? 1 : row.variant.sku === shownSku ? 0 : 2);
  const otherLanguage = (row: DocumentRow) => (row.language === null || row.language === locale ? 0 : 1);
  const sorted = listed.toSorted(
    (a, b) =>
      groupOf(a) - groupOf(b) ||
      (a.variant?.sortOrder ?? 0) - (b.variant?.sortOrder ?? 0) ||
      (a.variant?.sku ?? '').localeCompare(b.variant?.sku ?? '') ||
      otherLanguage(a) - otherLanguage(b) ||
      a.sortOrder - b.sortOrder ||
      kindOrder(a.kind) - kindOrder(b.kind) ||
      a.title.localeCompare(b.title) ||
      a.id - b.id,
  );
  return sorted.map((row) => ({
    _id: row.id,
    kind: row.kind,
    title: row.title,
    language: row.language,
    version: row.version,
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: row.bytes,
    updatedAt: row.storedAt,
    variantSku: row.variant?.sku ?? null,
    url: productDocumentUrl(row.id),
  }));
}
