import { data } from 'react-router';
import { isAppError, storedFileResponse } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { refusalResponse } from '../order-history/download-response.server';
import { accountDownloadPath } from './download-paths';

// The loaders of the account's downloads: the list of /my-account/downloads (GET /api/account/downloads' answer,
// read in process, with links to this area's own download route, and GET /api/account/safety-sheets' answer), and that route's file (GET
// /api/download/{token}'s answer for the page's session). A link that is bad, expired, another session's, or
// of a file the company may no longer download answers 404 alike, in the shop's error shape.

export async function loadDownloads({ services, ctx }: AppLoadContext) {
  try {
    // The safety data sheets the company received, next to its downloads (a sales person who chose no company has neither).
    const [downloads, safetySheets] = await Promise.all([services.downloads.list(ctx, accountDownloadPath), ctx.identity?.companyId ? services.safetySheets.list(ctx) : []]);
    return { state: 'loaded' as const, downloads, safetySheets };
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: error.statusCode });
    console.error(error);
    return data({ state: 'failed' as const }, { status: 503 });
  }
}

/** The file behind a link: the whole file or one range, logged as the reader's download when it carries bytes. */
export async function downloadFileResponse(app: AppLoadContext, request: Request, token: string | undefined): Promise<Response> {
  try {
    const download = await app.services.downloads.open(app.ctx, token);
    const response = storedFileResponse(request, { ...download.file, cacheControl: 'private, no-store' }, (refusal) => refusalResponse(app, refusal));
    // A 304, a 416 or a HEAD is no download.
    if (request.method === 'GET' && (response.status === 200 || response.status === 206)) {
      await download.recordDownload().catch(async (error: unknown) => {
        await response.body?.cancel();
        throw error;
      });
    }
    return response;
  } catch (error) {
    return refusalResponse(app, error);
  }
}
