import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DocumentKind } from '../../../core/product-files.ts';
import { maxProductFileBytes } from '../../../core/product-files.ts';
import { createFileStore } from '../../modules/product-files/file-store.ts';
import { downloadTypes } from '../../modules/product-files/file-type.ts';
import { placedPaymentStates } from '../../modules/orders/placed-orders.ts';
import type { DatabaseEngine } from '../../config.ts';
import type { DatabaseTransaction } from '../database.ts';
import type { NewRow } from '../schema.ts';
import { insertAll } from './batch.ts';
import { minimalPdf } from './media.ts';
import { SEED_TIME } from './reference-data.ts';

// The demo's product documents and downloadable product (docs/product.md, Product documents and downloads):
//  - generated products get a data sheet in German and English (every 150th product) and an assembly
//    manual for signed-in customers (every 300th), as the ERP would load them;
//  - of the products company 10001 bought, the first three get a safety data sheet (version 2.1, which the
//    company received), the fourth a certificate for that company alone, and the fifth becomes
//    downloadable with its digital manual.
// The PDFs are written to the file store under their SHA-256 before the rows that name them.

interface DemoFile {
  fileName: string;
  bytes: Buffer;
}

const demoFiles = {
  dataSheetDe: { fileName: 'Technisches Datenblatt.pdf', bytes: minimalPdf(['Technisches Datenblatt', 'Nordlicht Großhandel GmbH – Muster-Datenblatt für Demo-Artikel.', 'Werkstoff, Abmessungen und Prüfnormen siehe Artikelbeschreibung.']) },
  dataSheetEn: { fileName: 'Technical data sheet.pdf', bytes: minimalPdf(['Technical data sheet', 'Nordlicht Großhandel GmbH – sample data sheet of a demo article.', 'Material, dimensions and test standards: see the description.']) },
  manual: { fileName: 'Montageanleitung.pdf', bytes: minimalPdf(['Montageanleitung', 'Nordlicht Großhandel GmbH – allgemeine Montagehinweise.', 'Bitte beachten Sie die Sicherheitshinweise des Herstellers.']) },
  safetySheet: { fileName: 'Sicherheitsdatenblatt.pdf', bytes: minimalPdf(['Sicherheitsdatenblatt gemäß Verordnung (EG) Nr. 1907/2006', 'Version 2.1 – Nordlicht Großhandel GmbH (Demo).', 'Abschnitt 1: Bezeichnung des Stoffs bzw. Gemischs und des Unternehmens.']) },
  certificate: { fileName: 'Werksprüfzeugnis 3.1.pdf', bytes: minimalPdf(['Werksprüfzeugnis 3.1 nach EN 10204', 'Für: Muster Baubedarf GmbH (Demo).', 'Die gelieferten Erzeugnisse entsprechen den Vereinbarungen bei der Bestellannahme.']) },
  digitalManual: { fileName: 'Handbuch digital.pdf', bytes: minimalPdf(['Digitales Handbuch', 'Nordlicht Großhandel GmbH – Handbuch zum Download für Käufer.', 'Version 1.0']) },
} satisfies Record<string, DemoFile>;

const sha256Of = (file: DemoFile) => createHash('sha256').update(file.bytes).digest('hex');

/** Writes the demo's PDFs to the file store (the same bytes, the same names on every run). */
export async function writeDemoFiles(filesDir: string): Promise<void> {
  const store = createFileStore(filesDir);
  for (const file of Object.values(demoFiles)) await store.put(Readable.from([file.bytes]), { maxBytes: maxProductFileBytes, accepts: downloadTypes });
}

/** Which documents the generated product number `index` has. */
function documentsOfGeneratedProduct(index: number): ('data_sheet' | 'manual')[] {
  return [...(index % 150 === 1 ? (['data_sheet'] as const) : []), ...(index % 300 === 1 ? (['manual'] as const) : [])];
}

function fileRow(
  tenantId: number,
  productId: number,
  externalId: string,
  file: DemoFile,
  fields: { purpose: 'document' | 'download'; kind?: DocumentKind; visibility?: 'everyone' | 'signed_in' | 'companies'; language: 'de' | 'en' | null; title: string; version: string; sortOrder?: number },
): NewRow<'product_files'> {
  return {
    tenant_id: tenantId,
    product_id: productId,
    purpose: fields.purpose,
    external_id: externalId,
    kind: fields.kind ?? null,
    visibility: fields.visibility ?? null,
    language: fields.language,
    title: fields.title,
    version: fields.version,
    file_name: file.fileName,
    sort_order: fields.sortOrder ?? 0,
    content_type: 'application/pdf',
    bytes: file.bytes.length,
    sha256: sha256Of(file),
    file_version: fields.version,
    file_at: SEED_TIME,
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
  };
}

/** The documents of the generated products number `from` … `to` (skus MAT-nnnnnn). */
export async function seedGeneratedProductDocuments(db: DatabaseTransaction, engine: DatabaseEngine, tenantId: number, from: number, to: number): Promise<void> {
  const documented = new Map<string, ('data_sheet' | 'manual')[]>();
  for (let index = from; index <= to; index++) {
    const kinds = documentsOfGeneratedProduct(index);
    if (kinds.length > 0) documented.set(`MAT-${String(index).padStart(6, '0')}`, kinds);
  }
  if (documented.size === 0) return;
  const products = await db.selectFrom('products').select(['id', 'sku']).where('tenant_id', '=', tenantId).where('sku', 'in', [...documented.keys()]).execute();
  const rows = products.flatMap(({ id: productId, sku }) =>
    documented.get(sku)!.flatMap((kind) =>
      kind === 'data_sheet'
        ? [
            fileRow(tenantId, productId, `DS-${sku}-de`, demoFiles.dataSheetDe, { purpose: 'document', kind, visibility: 'everyone', language: 'de', title: 'Technisches Datenblatt', version: '1.0' }),
            fileRow(tenantId, productId, `DS-${sku}-en`, demoFiles.dataSheetEn, { purpose: 'document', kind, visibility: 'everyone', language: 'en', title: 'Technical data sheet', version: '1.0' }),
          ]
        : [fileRow(tenantId, productId, `MA-${sku}`, demoFiles.manual, { purpose: 'document', kind, visibility: 'signed_in', language: 'de', title: 'Montageanleitung', version: '1.0', sortOrder: 1 })],
    ),
  );
  await insertAll(db, engine, 'product_files', rows);
}

/** Safety data sheets, a company's certificate and a downloadable product among what company `customerNo` bought. */
export async function seedBoughtProductFiles(db: DatabaseTransaction, engine: DatabaseEngine, tenantId: number, customerNo: string): Promise<void> {
  const company = await db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirstOrThrow();
  const bought = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['p.id', 'p.sku'])
    .where('o.company_id', '=', company.id)
    .where('o.payment_status', 'in', placedPaymentStates)
    .where('p.is_active', '=', 1)
    .groupBy(['p.id', 'p.sku'])
    .orderBy('p.id')
    .limit(5)
    .execute();
  const [first, second, third, certified, downloadable] = bought;
  if (!first || !second || !third || !certified || !downloadable) throw new Error(`company ${customerNo} bought ${bought.length} products; the demo's files need 5`);
  const sheets = [first, second, third].map((product) =>
    fileRow(tenantId, product.id, `SDS-${product.sku}`, demoFiles.safetySheet, { purpose: 'document', kind: 'safety_data_sheet', visibility: 'everyone', language: 'de', title: 'Sicherheitsdatenblatt', version: '2.1', sortOrder: 2 }),
  );
  const certificate = fileRow(tenantId, certified.id, `CERT-${certified.sku}-${customerNo}`, demoFiles.certificate, { purpose: 'document', kind: 'certificate', visibility: 'companies', language: 'de', title: 'Werksprüfzeugnis 3.1', version: '1' });
  const download = fileRow(tenantId, downloadable.id, `DL-${downloadable.sku}`, demoFiles.digitalManual, { purpose: 'download', language: 'de', title: 'Digitales Handbuch', version: '1.0' });
  await insertAll(db, engine, 'product_files', [...sheets, certificate, download]);

  const stored = await db.selectFrom('product_files').select(['id', 'external_id']).where('tenant_id', '=', tenantId).where('external_id', 'in', [...sheets, certificate].map((row) => row.external_id)).execute();
  const idOf = (externalId: string) => stored.find((row) => row.external_id === externalId)!.id;
  await db.insertInto('product_file_companies').values({ file_id: idOf(certificate.external_id), company_id: company.id, tenant_id: tenantId }).execute();
  await insertAll(
    db,
    engine,
    'safety_sheet_deliveries',
    sheets.map((sheet) => ({ tenant_id: tenantId, file_id: idOf(sheet.external_id), company_id: company.id, version: '2.1', delivered_at: SEED_TIME })),
  );
  await db.updateTable('products').set({ is_downloadable: 1 }).where('id', '=', downloadable.id).execute();
}
