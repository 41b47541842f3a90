import type { ProductDocument } from '../../../core/product-files.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { documentAudienceOf } from '../access/product-documents.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FileStore } from './file-store.ts';
import { listedDocuments } from './product-document-list.ts';
import type { ProductDocumentRepository } from './product-documents.repository.ts';
import type { SentFile } from './send-stored-file.ts';

// Product documents for buyers (docs/product.md, Product documents and downloads; ADR 0030): the documents
// of a product the reader may see, and a document's file. Each is one statement, read at every request and
// never kept with the catalogue's answers (what a reader sees depends on the company they act for). A
// product or document the reader may not see answers exactly like an unknown one.

interface ProductDocumentDeps {
  documents: ProductDocumentRepository;
  catalog: Pick<CatalogService, 'visibilityOf'>;
  files: Pick<FileStore, 'pathOf'>;
}

/** How long a browser or cache keeps a document's file: a new file is a new ETag, checked after that. */
const keptSeconds = 3600;

export function createProductDocumentService(deps: ProductDocumentDeps) {
  return {
    /** The product's documents as the reader is shown them; `shownSku`: the variant the page stands for. 404 'error.product_not_found' for a product the reader may not see. */
    async listForProduct(ctx: RequestContext, productId: number, shownSku?: string): Promise<ProductDocument[]> {
      const audience = documentAudienceOf(ctx);
      const rows = await deps.documents.listForProduct(await deps.catalog.visibilityOf(ctx), audience, productId);
      if (rows === null) throw new AppError('not_found', 'error.product_not_found');
      return listedDocuments(rows, ctx.locale, shownSku ?? null);
    },

    /** Which of the documents the reader may see now (the others answer 404). */
    async visibleIds(ctx: RequestContext, documentIds: readonly number[]): Promise<Set<number>> {
      return new Set(await deps.documents.findVisibleIds(await deps.catalog.visibilityOf(ctx), documentAudienceOf(ctx), documentIds));
    },

    /** A document's stored file as it is sent: cached by anyone for a document for everyone, by the browser only for the others. 404 'product_document.not_found' for one the reader may not see. */
    async fileOf(ctx: RequestContext, documentId: number): Promise<SentFile> {
      const audience = documentAudienceOf(ctx);
      const file = await deps.documents.findFile(await deps.catalog.visibilityOf(ctx), audience, documentId);
      if (!file) throw new AppError('not_found', 'product_document.not_found');
      return {
        path: deps.files.pathOf(file.sha256),
        sha256: file.sha256,
        bytes: file.bytes,
        contentType: file.contentType,
        fileName: file.fileName,
        storedAt: file.storedAt,
        cacheControl: `${file.visibility === 'everyone' ? 'public' : 'private'}, max-age=${keptSeconds}`,
      };
    },
  };
}

export type ProductDocumentService = ReturnType<typeof createProductDocumentService>;
