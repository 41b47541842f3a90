import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/locale.ts';
import type { DocumentKind } from '../../../core/product-files.ts';
import { listedDocuments, type DocumentRow } from './product-document-list.ts';

let nextId = 1;
function row(kind: DocumentKind, language: Locale | null, extra: Partial<DocumentRow> = {}): DocumentRow {
  const id = nextId++;
  return { id, kind, language, title: `${kind} ${language ?? '-'} ${id}`, version: '1.0', fileName: 'f.pdf', contentType: 'application/pdf', bytes: 10, storedAt: '2026-11-27T10:00:00.000Z', sortOrder: 0, variant: null, ...extra };
}
const idsOf = (rows: readonly { _id: number }[]) => rows.map((document) => document._id);

describe('listedDocuments', () => {
  it('lists the reader’s language and language-less documents, the other language only where its kind has none in the reader’s', () => {
    const sheetDe = row('data_sheet', 'de');
    const sheetEn = row('data_sheet', 'en');
    const manualEn = row('manual', 'en');
    const certificate = row('certificate', null);
    const rows = [sheetDe, sheetEn, manualEn, certificate];
    expect(idsOf(listedDocuments(rows, 'de', null))).toEqual([sheetDe.id, certificate.id, manualEn.id]);
    expect(idsOf(listedDocuments(rows, 'en', null))).toEqual([sheetEn.id, manualEn.id, certificate.id]);
  });

  it('judges the language per variant: the product’s German sheet leaves a variant’s English one listed', () => {
    const variant = { sku: 'V-1', sortOrder: 0 };
    const own = row('data_sheet', 'de');
    const ofVariant = row('data_sheet', 'en', { variant });
    expect(idsOf(listedDocuments([own, ofVariant], 'de', null))).toEqual([own.id, ofVariant.id]);
  });

  it('puts the variant the page stands for first, then the product’s own, then the other variants in their order', () => {
    const small = { sku: 'V-S', sortOrder: 1 };
    const large = { sku: 'V-L', sortOrder: 2 };
    const ofLarge = row('data_sheet', 'de', { variant: large });
    const ofSmall = row('data_sheet', 'de', { variant: small });
    const own = row('manual', 'de');
    expect(idsOf(listedDocuments([ofLarge, ofSmall, own], 'de', null))).toEqual([own.id, ofSmall.id, ofLarge.id]);
    expect(idsOf(listedDocuments([ofLarge, ofSmall, own], 'de', 'V-L'))).toEqual([ofLarge.id, own.id, ofSmall.id]);
  });

  it('orders within a group as the ERP sorted, then by kind, then by title', () => {
    const other = row('other', 'de', { title: 'A' });
    const sheet = row('data_sheet', 'de', { title: 'Z' });
    const first = row('safety_data_sheet', 'de', { sortOrder: -1 });
    const manualB = row('manual', null, { title: 'B' });
    const manualA = row('manual', null, { title: 'A' });
    expect(idsOf(listedDocuments([other, sheet, first, manualB, manualA], 'de', null))).toEqual([first.id, sheet.id, manualA.id, manualB.id, other.id]);
  });

  it('answers each in the API’s shape, with the file’s url', () => {
    const ofVariant = row('certificate', 'en', { variant: { sku: 'V-1', sortOrder: 0 }, title: 'Werkszeugnis', version: '3.1', bytes: 2048 });
    expect(listedDocuments([ofVariant], 'de', null)).toEqual([
      {
        _id: ofVariant.id,
        kind: 'certificate',
        title: 'Werkszeugnis',
        language: 'en',
        version: '3.1',
        fileName: 'f.pdf',
        contentType: 'application/pdf',
        bytes: 2048,
        updatedAt: '2026-11-27T10:00:00.000Z',
        variantSku: 'V-1',
        url: `/api/product-document/${ofVariant.id}`,
      },
    ]);
  });
});
