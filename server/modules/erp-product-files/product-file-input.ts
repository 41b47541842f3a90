import { z } from 'zod';
import { hasControlCharacters } from '../../../core/input-text.ts';
import { supportedLocales } from '../../../core/locale.ts';
import { documentKinds, documentVisibilities } from '../../../core/product-files.ts';
import { requiredLine } from '../../http/field-schemas.ts';
import { externalIdSchema } from '../erp-customers/external-id.ts';
import { skuText } from '../erp/sku-keys.ts';

// A product document's and a downloadable product's file's metadata as the ERP sends it (PUT
// /erp/v1/products/{sku}/documents/{externalId} and …/downloads/{externalId}; docs/erp-integration.md,
// Product documents and downloads). The file itself comes on its own (…/file). A malformed field is a 400
// naming it (server/http/validation.ts); the named companies are the service's to find (422).

/** The most companies one document may name. */
export const maxNamedCompanies = 1000;

/**
 * The name a buyer's download is saved under: one line, no path separators (a name is never a path: the
 * file store names files by their SHA-256) and not only dots.
 */
const fileName = requiredLine(200)
  .refine((value) => !/[/\\]/.test(value) && !hasControlCharacters(value) && !/^\.+$/.test(value), 'erp.file.name.invalid')
  .meta({ description: 'The name the buyer’s download gets, e.g. `Datenblatt AB-100.pdf`: one line, no `/` or `\\`.', example: 'Sicherheitsdatenblatt ERP-DRILL-18.pdf' });

const metadataFields = {
  title: requiredLine(200).meta({ description: 'What the buyer reads, in the document’s language.' }),
  language: z
    .enum(supportedLocales)
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: '`de` or `en`; null or left out: for every language.' }),
  version: requiredLine(40).meta({ description: 'The version of the document, as the ERP names it (`2026-03`, `4.1`).' }),
  fileName,
  sortOrder: z.number().int().min(0).max(1_000_000).default(0).meta({ description: 'Lower first on the product page; 0 when left out.' }),
};

export const productFileParams = z.strictObject({
  sku: skuText.meta({ description: 'The product’s sku, or a variant’s sku for a file of that variant.' }),
  externalId: externalIdSchema.meta({ description: 'The ERP’s key of the file; the same key always names the same file (a document’s and a download’s keys are apart).' }),
});

export const documentBody = z
  .strictObject({
    kind: z.enum(documentKinds).meta({ description: 'A new version of a `safety_data_sheet` goes to the companies that bought the product in the last 12 months.' }),
    ...metadataFields,
    visibility: z.enum(documentVisibilities).meta({ description: '`everyone` who sees the product, `signed_in` customers, or the named `companies` only.' }),
    companies: z
      .array(externalIdSchema)
      .max(maxNamedCompanies)
      .optional()
      .meta({ description: 'The customer numbers of the companies that see it: required, and only allowed, with visibility `companies`.' }),
  })
  .superRefine((document, ctx) => {
    const named = document.companies?.length ?? 0;
    if (document.visibility === 'companies' && named === 0) ctx.addIssue({ code: 'custom', path: ['companies'], message: 'erp.product_file.companies.required' });
    if (document.visibility !== 'companies' && named > 0) ctx.addIssue({ code: 'custom', path: ['companies'], message: 'erp.product_file.companies.not_named' });
  })
  .meta({
    id: 'ProductDocumentBody',
    description: 'A product document’s metadata; its file comes with PUT …/file.',
    example: { kind: 'safety_data_sheet', title: 'Sicherheitsdatenblatt', language: 'de', version: '2026-03', visibility: 'everyone', fileName: 'Sicherheitsdatenblatt ERP-DRILL-18.pdf' },
  });

export const downloadBody = z
  .strictObject(metadataFields)
  .meta({
    id: 'ProductDownloadBody',
    description: 'A downloadable product’s file’s metadata; the file comes with PUT …/file.',
    example: { title: 'Software 3.2 für Windows', version: '3.2.0', fileName: 'hansewerk-setup-3.2.0.zip' },
  });

export type DocumentInput = z.output<typeof documentBody>;
export type DownloadInput = z.output<typeof downloadBody>;
