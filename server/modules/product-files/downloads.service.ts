import { localizedName } from '../../../core/locale.ts';
import { downloadLinkSeconds, type DownloadAccess, type OrderLineDownload } from '../../../core/product-files.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CompanyContext } from '../access/access-policy.ts';
import { downloadCompanyOf, lineGrantsFile, linesGivingAccess } from '../access/product-downloads.ts';
import type { OrderScopes } from '../orders/order-history-scope.ts';
import type { OrderDetail } from '../orders/order-view.ts';
import { apiDownloadPath, readDownloadToken, signDownloadToken, type DownloadLinkPath } from './download-links.ts';
import type { DownloadsRepository, GrantFilter } from './downloads.repository.ts';
import type { FileStore } from './file-store.ts';
import type { SentFile } from './send-stored-file.ts';

// Downloadable products (docs/product.md, Product documents and downloads): the files the reader's company may
// download (GET /api/account/downloads and /my-account/downloads), the same on the lines of an order's detail,
// and a file behind a signed link (GET /api/download/{token}, the pages' /my-account/downloads/{token}). Who
// may download what is server/modules/access/product-downloads.ts, asked anew at every call. Every link is
// signed for the reader's session (download-links.ts); a bad, expired or foreign link and a file the company
// may no longer download answer alike: 404 'download.not_found'.

export interface DownloadsDeps {
  downloads: DownloadsRepository;
  scopes: Pick<OrderScopes, 'scopeOf'>;
  fileStore: Pick<FileStore, 'pathOf'>;
  clock: Clock;
}

/** The order detail with each line's downloads, on the lines the company may download files of. */
export type OrderDetailWithDownloads = Omit<OrderDetail, 'items'> & { items: (OrderDetail['items'][number] & { downloads?: OrderLineDownload[] })[] };

/** A file behind a link, and the logging of its download (done once the answer carries bytes). */
export interface OpenedDownload {
  file: Omit<SentFile, 'cacheControl'>;
  recordDownload(): Promise<void>;
}

type GrantRow = Awaited<ReturnType<DownloadsRepository['grants']>>[number];

/** A file the company may download, with the bought lines that give it, newest order first. */
interface GrantedFile {
  file: GrantRow;
  lines: GrantRow[];
}

/** How long a download's further requests (the ranges of a download manager, a resume) count as the same download. */
const oneDownloadMs = 60_000;

const notFound = () => new AppError('not_found', 'download.not_found');

const newestOrderFirst = (a: GrantRow, b: GrantRow) => b.order_date.localeCompare(a.order_date) || b.order_id - a.order_id;
const shownOrder = (a: GrantRow, b: GrantRow) => a.sort_order - b.sort_order || a.title.localeCompare(b.title) || a.file_id - b.file_id;

export function createDownloadsService(deps: DownloadsDeps) {
  const { downloads, clock } = deps;

  /** The company's files the filter names that it may download now. */
  async function grantedFiles(ctx: CompanyContext, filter: GrantFilter): Promise<GrantedFile[]> {
    const { companyId } = ctx.identity;
    const rows = await downloads.grants(ctx.tenant.id, companyId, filter);
    const credited = await downloads.creditedSkus(ctx.tenant.id, companyId, [...new Set(rows.map((row) => row.order_id))]);
    const lines = linesGivingAccess(
      rows.map((row) => ({ ...row, orderId: row.order_id, sku: row.line_sku, variantSku: row.line_variant_sku })),
      credited,
    ).sort(newestOrderFirst);
    const byFile = new Map<number, GrantedFile>();
    for (const line of lines) {
      const granted = byFile.get(line.file_id);
      if (granted) granted.lines.push(line);
      else byFile.set(line.file_id, { file: line, lines: [line] });
    }
    return [...byFile.values()];
  }

  /** Signs links of the reader's session to `linkPath`, valid for downloadLinkSeconds from now; null once the session ended. */
  async function linkSigner(ctx: CompanyContext, linkPath: DownloadLinkPath): Promise<((fileId: number) => { url: string; expiresAt: string }) | null> {
    const tokenHash = await downloads.sessionTokenHash(ctx.tenant.id, ctx.identity.sessionId);
    if (tokenHash === null) return null;
    const session = { tenantId: ctx.tenant.id, sessionId: ctx.identity.sessionId, tokenHash };
    const expiresAt = new Date((Math.floor(clock.now().getTime() / 1000) + downloadLinkSeconds) * 1000);
    return (fileId) => ({ url: linkPath(signDownloadToken(session, fileId, expiresAt)), expiresAt: expiresAt.toISOString() });
  }

  return {
    /** The files the reader's company may download, the newest order first; none for a caller acting for no company. */
    async list(requestCtx: RequestContext, linkPath: DownloadLinkPath = apiDownloadPath): Promise<DownloadAccess[]> {
      const ctx = downloadCompanyOf(requestCtx);
      if (!ctx) return [];
      const [granted, scope, sign] = await Promise.all([grantedFiles(ctx, {}), deps.scopes.scopeOf(ctx), linkSigner(ctx, linkPath)]);
      if (!sign || granted.length === 0) return [];
      const { userId, companyId } = ctx.identity;
      const counts = new Map((await downloads.downloadCounts(ctx.tenant.id, userId, companyId, granted.map(({ file }) => file.file_id))).map((row) => [row.file_id, row]));
      granted.sort((a, b) => newestOrderFirst(a.lines[0]!, b.lines[0]!) || shownOrder(a.file, b.file));
      return granted.map(({ file, lines }) => {
        // The orders the reader may open: a plain customer of a company that keeps its orders to their placers sees their own.
        const seen = lines.filter((line) => !scope || scope.userId === null || line.order_user_id === scope.userId);
        const orders = [...new Map(seen.map((line) => [line.order_id, { _id: line.order_id, orderNumber: line.order_number, orderDate: line.order_date }])).values()];
        const count = counts.get(file.file_id);
        return {
          _id: file.file_id,
          productId: file.product_id,
          productName: localizedName(ctx.locale, file.product_name, file.product_name_en),
          sku: file.product_sku,
          variantSku: file.variant_sku,
          title: file.title,
          version: file.file_version,
          fileName: file.file_name,
          contentType: file.content_type,
          bytes: file.bytes,
          updatedAt: file.file_at,
          orders,
          downloadCount: Number(count?.count ?? 0),
          lastDownloadedAt: count?.last_at ?? null,
          ...sign(file.file_id),
        };
      });
    },

    /** The order detail with the files each line gives, on the lines of products the company may download files of now. */
    async withLineDownloads(requestCtx: RequestContext, order: OrderDetail, linkPath: DownloadLinkPath = apiDownloadPath): Promise<OrderDetailWithDownloads> {
      const ctx = downloadCompanyOf(requestCtx);
      if (!ctx) return order;
      const lines = await downloads.orderLines(ctx.tenant.id, ctx.identity.companyId, order._id);
      const productIds = [...new Set(lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id])))];
      const granted = productIds.length > 0 ? await grantedFiles(ctx, { productIds }) : [];
      const sign = granted.length > 0 ? await linkSigner(ctx, linkPath) : null;
      if (!sign) return order;
      const files = granted.map(({ file }) => file).sort(shownOrder);
      const filesOfLine = (sku: string, variantSku: string | null) => {
        const line = lines.find((candidate) => candidate.sku === sku && candidate.variant_sku === variantSku);
        if (!line || line.product_id === null) return [];
        const ref = { productId: line.product_id, variantId: line.variant_id };
        return files.filter((file) => lineGrantsFile({ productId: file.product_id, variantId: file.variant_id }, ref));
      };
      return {
        ...order,
        items: order.items.map((item) => {
          const own = filesOfLine(item.sku, item.variantSku);
          if (own.length === 0) return item;
          const downloads = own.map((file) => ({ _id: file.file_id, title: file.title, version: file.file_version, fileName: file.file_name, bytes: file.bytes, ...sign(file.file_id) }));
          return { ...item, downloads };
        }),
      };
    },

    /** The file a link names, when the link is the reader's session's and unexpired and the company may still download it. */
    async open(requestCtx: RequestContext, token: unknown): Promise<OpenedDownload> {
      const ctx = downloadCompanyOf(requestCtx);
      if (!ctx) throw notFound();
      const tokenHash = await downloads.sessionTokenHash(ctx.tenant.id, ctx.identity.sessionId);
      const fileId = tokenHash === null ? null : readDownloadToken({ tenantId: ctx.tenant.id, sessionId: ctx.identity.sessionId, tokenHash }, token, clock.now());
      const granted = fileId === null ? undefined : (await grantedFiles(ctx, { fileId }))[0];
      if (!granted) throw notFound();
      const { file } = granted;
      return {
        file: { path: deps.fileStore.pathOf(file.sha256), sha256: file.sha256, bytes: file.bytes, contentType: file.content_type, fileName: file.file_name, storedAt: file.file_at },
        recordDownload: async () => {
          const now = clock.now();
          await downloads.recordDownload({
            tenantId: ctx.tenant.id,
            fileId: file.file_id,
            userId: ctx.identity.userId,
            companyId: ctx.identity.companyId,
            fileVersion: file.file_version,
            at: now.toISOString(),
            since: new Date(now.getTime() - oneDownloadMs).toISOString(),
          });
        },
      };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
