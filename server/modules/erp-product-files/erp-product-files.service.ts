import type { Readable } from 'node:stream';
import { isLocale, type Locale } from '../../../core/locale.ts';
import { maxProductFileBytes, type DocumentKind, type DocumentVisibility, type ProductFilePurpose } from '../../../core/product-files.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { deleteFileNotifications } from '../notifications/notification.repository.ts';
import type { FileStore } from '../product-files/file-store.ts';
import { documentTypes, downloadTypes } from '../product-files/file-type.ts';
import { deliverSafetySheetVersion } from '../product-files/safety-sheet-delivery.ts';
import { metadataColumns, type ErpProductFilesRepository, type FileItem, type MetadataValues, type ProductFileView, type StoredProductFile } from './erp-product-files.repository.ts';
import type { DocumentInput, DownloadInput } from './product-file-input.ts';

// Product documents and downloadable products' files from the ERP (docs/erp-integration.md, Product
// documents and downloads): the metadata keyed by the ERP's externalId per purpose within the client's
// tenant, under the product or variant its sku names (a later PUT under another sku moves it), and the
// file on its own, streamed into the file store (server/modules/product-files/file-store.ts) and then
// written with its row in one transaction. In that transaction too: products.is_downloadable follows a
// product's downloads with a stored file, and a safety data sheet's new version reaches the companies
// that bought the product (safety-sheet-delivery.ts). A stored file no row names any more leaves the store.

export type WriteResult = 'created' | 'updated' | 'unchanged';

export interface StoredFileView {
  bytes: number;
  sha256: string;
  contentType: string;
  /** The version the stored file has: the metadata's version when it was stored. */
  version: string;
  storedAt: string;
}

export interface ErpDownloadView {
  externalId: string;
  sku: string;
  variantSku: string | null;
  title: string;
  language: Locale | null;
  version: string;
  fileName: string;
  sortOrder: number;
  file: StoredFileView | null;
}

export interface ErpDocumentView extends ErpDownloadView {
  kind: DocumentKind;
  visibility: DocumentVisibility;
  /** The customer numbers of the named companies (visibility `companies`), else none. */
  companies: string[];
}

type Metadata = Omit<MetadataValues, 'product_id' | 'variant_id'>;

interface Written {
  result: WriteResult;
  view: ProductFileView;
  /** A stored file the write let go of: it leaves the store unless another row names it. */
  released: string | null;
  downloadableChanged: boolean;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

const productNotFound = (sku: string) => new AppError('not_found', 'erp.product_file.product_not_found', { params: { sku } });

/** The one answer for a file nobody has, one of another tenant and one the sku does not name alike. */
const fileNotFound = (sku: string, externalId: string) => new AppError('not_found', 'erp.product_file.not_found', { params: { sku, externalId } });

const sameItem = (file: StoredProductFile, item: FileItem) => file.product_id === item.productId && file.variant_id === item.variantId;

function fileView(row: ProductFileView): StoredFileView | null {
  if (row.sha256 === null || row.bytes === null || row.content_type === null || row.file_version === null || row.file_at === null) return null;
  return { bytes: Number(row.bytes), sha256: row.sha256, contentType: row.content_type, version: row.file_version, storedAt: row.file_at };
}

function downloadView(row: ProductFileView): ErpDownloadView {
  return {
    externalId: row.external_id,
    sku: row.sku,
    variantSku: row.variant_sku,
    title: row.title,
    language: isLocale(row.language) ? row.language : null,
    version: row.version,
    fileName: row.file_name,
    sortOrder: row.sort_order,
    file: fileView(row),
  };
}

function documentView(row: ProductFileView): ErpDocumentView {
  return { ...downloadView(row), kind: row.kind!, visibility: row.visibility!, companies: row.companies };
}

export function createErpProductFiles(deps: { files: ErpProductFilesRepository; store: FileStore; clock: Clock; catalogChanged: () => void }) {
  const { files, store, clock } = deps;

  /** The named companies' ids; 422 naming the first customer number the tenant has no company of. */
  async function namedCompanyIds(tenantId: number, customerNos: readonly string[]): Promise<number[]> {
    const found = new Map((await files.companiesByCustomerNo(tenantId, [...new Set(customerNos)])).map((company) => [company.customer_no, company.id]));
    const unknown = customerNos.findIndex((customerNo) => !found.has(customerNo));
    if (unknown >= 0) throw new AppError('unprocessable', 'erp.document.company.unknown', { field: `companies.${unknown}`, params: { customerNo: customerNos[unknown]! } });
    return [...new Set(found.values())].sort((a, b) => a - b);
  }

  /** A stored file leaves the store once no row names it. */
  async function releaseFile(sha256: string | null): Promise<void> {
    if (sha256 !== null && !(await files.isNamed(sha256))) await store.remove(sha256);
  }

  /** After the commit: the released file goes, the catalogue's answers learn of a product's downloads. */
  async function settled(written: Written): Promise<Written> {
    await releaseFile(written.released);
    if (written.downloadableChanged) deps.catalogChanged();
    return written;
  }

  /** Creates, updates or moves the file's row; the same metadata again is unchanged and writes nothing. */
  async function putMetadata(ctx: ErpContext, purpose: ProductFilePurpose, path: { sku: string; externalId: string }, metadata: Metadata, customerNos: readonly string[]): Promise<Written> {
    const { tenantId } = ctx;
    const item = await files.findItem(tenantId, path.sku);
    if (!item) throw productNotFound(path.sku);
    const companyIds = await namedCompanyIds(tenantId, customerNos);
    const values: MetadataValues = { ...metadata, product_id: item.productId, variant_id: item.variantId };
    const written = await files.transaction(async (trx): Promise<Written> => {
      const now = clock.now().toISOString();
      const stored = await files.lockFile(trx, tenantId, purpose, path.externalId);
      if (!stored) {
        const id = await files.insertFile(trx, { ...values, tenant_id: tenantId, purpose, external_id: path.externalId, created_at: now, updated_at: now });
        if (id === undefined) throw new AppError('conflict', 'erp.product_file.write_conflict');
        await files.replaceNamedCompanies(trx, tenantId, id, companyIds);
        return { result: 'created', view: await files.view(trx, id), released: null, downloadableChanged: false };
      }
      const storedCompanyIds = await files.namedCompanyIds(trx, stored.id);
      const sameCompanies = storedCompanyIds.length === companyIds.length && storedCompanyIds.every((id, index) => id === companyIds[index]);
      if (sameCompanies && metadataColumns.every((column) => stored[column] === values[column])) {
        return { result: 'unchanged', view: await files.view(trx, stored.id), released: null, downloadableChanged: false };
      }
      await files.updateFile(trx, stored.id, { ...values, updated_at: now });
      if (!sameCompanies) await files.replaceNamedCompanies(trx, tenantId, stored.id, companyIds);
      const moved = stored.product_id !== item.productId;
      const downloadableChanged = purpose === 'download' && moved && stored.sha256 !== null && (await files.refreshDownloadable(trx, [stored.product_id, item.productId]));
      return { result: 'updated', view: await files.view(trx, stored.id), released: null, downloadableChanged };
    });
    return settled(written);
  }

  /** The file the path names: its key of this purpose, under the product or variant of the path's sku; 404 otherwise. */
  async function fileOf(ctx: ErpContext, purpose: ProductFilePurpose, path: { sku: string; externalId: string }): Promise<FileItem> {
    const item = await files.findItem(ctx.tenantId, path.sku);
    const file = item && (await files.findFile(ctx.tenantId, purpose, path.externalId));
    if (!item || !file || !sameItem(file, item)) throw fileNotFound(path.sku, path.externalId);
    return item;
  }

  /**
   * Stores the file of a row loaded before: the body is streamed into the store (its type judged from its
   * bytes, at most 50 MB), then the row takes it in one transaction. The same file for the same version
   * again is unchanged. The first file of a row is `created`; a safety data sheet's file of another version
   * than the one stored before is a new version and is delivered.
   */
  async function putFile(ctx: ErpContext, purpose: ProductFilePurpose, path: { sku: string; externalId: string }, body: Readable, announcedBytes: number | undefined): Promise<Written> {
    const { tenantId } = ctx;
    if (announcedBytes !== undefined && announcedBytes > maxProductFileBytes) throw new AppError('payload_too_large', 'erp.file.too_large', { params: { max: megabytes(maxProductFileBytes) } });
    const item = await fileOf(ctx, purpose, path);
    const stored = await store.put(body, { maxBytes: maxProductFileBytes, accepts: purpose === 'document' ? documentTypes : downloadTypes });
    let written: Written;
    try {
      written = await files.transaction(async (trx): Promise<Written> => {
        const current = await files.lockFile(trx, tenantId, purpose, path.externalId);
        if (!current || !sameItem(current, item)) throw fileNotFound(path.sku, path.externalId);
        if (current.sha256 === stored.sha256 && current.file_version === current.version) {
          return { result: 'unchanged', view: await files.view(trx, current.id), released: null, downloadableChanged: false };
        }
        const now = clock.now();
        await files.updateFile(trx, current.id, {
          sha256: stored.sha256,
          bytes: stored.bytes,
          content_type: stored.type.contentType,
          file_version: current.version,
          file_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        const downloadableChanged = purpose === 'download' && (await files.refreshDownloadable(trx, [current.product_id]));
        const newVersion = current.sha256 !== null && current.file_version !== current.version;
        if (current.kind === 'safety_data_sheet' && newVersion) {
          await deliverSafetySheetVersion(trx, { tenantId, fileId: current.id, productId: current.product_id, version: current.version, now });
        }
        return {
          result: current.sha256 === null ? 'created' : 'updated',
          view: await files.view(trx, current.id),
          released: current.sha256 !== stored.sha256 ? current.sha256 : null,
          downloadableChanged,
        };
      });
    } catch (error) {
      await releaseFile(stored.sha256);
      throw error;
    }
    return settled(written);
  }

  /** Deletes the row the path names (with its named companies, deliveries and notifications); its file leaves the store unless another row names it. */
  async function remove(ctx: ErpContext, purpose: ProductFilePurpose, path: { sku: string; externalId: string }): Promise<void> {
    const item = await fileOf(ctx, purpose, path);
    const written = await files.transaction(async (trx) => {
      const current = await files.lockFile(trx, ctx.tenantId, purpose, path.externalId);
      if (!current || !sameItem(current, item)) throw fileNotFound(path.sku, path.externalId);
      await deleteFileNotifications(trx, current.id);
      await files.deleteFile(trx, current.id);
      const downloadableChanged = purpose === 'download' && current.sha256 !== null && (await files.refreshDownloadable(trx, [current.product_id]));
      return { released: current.sha256, downloadableChanged };
    });
    await releaseFile(written.released);
    if (written.downloadableChanged) deps.catalogChanged();
  }

  const documentMetadata = (input: DocumentInput): Metadata => ({
    kind: input.kind,
    visibility: input.visibility,
    language: input.language,
    title: input.title,
    version: input.version,
    file_name: input.fileName,
    sort_order: input.sortOrder,
  });
  const downloadMetadata = (input: DownloadInput): Metadata => ({
    kind: null,
    visibility: null,
    language: input.language,
    title: input.title,
    version: input.version,
    file_name: input.fileName,
    sort_order: input.sortOrder,
  });

  return {
    async putDocument(ctx: ErpContext, path: { sku: string; externalId: string }, input: DocumentInput): Promise<{ result: WriteResult; document: ErpDocumentView }> {
      const written = await putMetadata(ctx, 'document', path, documentMetadata(input), input.companies ?? []);
      return { result: written.result, document: documentView(written.view) };
    },

    async putDownload(ctx: ErpContext, path: { sku: string; externalId: string }, input: DownloadInput): Promise<{ result: WriteResult; download: ErpDownloadView }> {
      const written = await putMetadata(ctx, 'download', path, downloadMetadata(input), []);
      return { result: written.result, download: downloadView(written.view) };
    },

    async putDocumentFile(ctx: ErpContext, path: { sku: string; externalId: string }, body: Readable, announcedBytes: number | undefined): Promise<{ result: WriteResult; document: ErpDocumentView }> {
      const written = await putFile(ctx, 'document', path, body, announcedBytes);
      return { result: written.result, document: documentView(written.view) };
    },

    async putDownloadFile(ctx: ErpContext, path: { sku: string; externalId: string }, body: Readable, announcedBytes: number | undefined): Promise<{ result: WriteResult; download: ErpDownloadView }> {
      const written = await putFile(ctx, 'download', path, body, announcedBytes);
      return { result: written.result, download: downloadView(written.view) };
    },

    removeDocument: (ctx: ErpContext, path: { sku: string; externalId: string }) => remove(ctx, 'document', path),
    removeDownload: (ctx: ErpContext, path: { sku: string; externalId: string }) => remove(ctx, 'download', path),
  };
}

export type ErpProductFiles = ReturnType<typeof createErpProductFiles>;
