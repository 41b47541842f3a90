import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenedDownload } from '../../modules/product-files/downloads.service.ts';
import { sendStoredFile } from '../../modules/product-files/send-stored-file.ts';
import type { Services } from '../../services.ts';

// Downloadable products (docs/product.md, Product documents and downloads):
//   GET /api/account/downloads → { data: DownloadAccess[] } (core/product-files.ts): the files the company may
//                                download, the newest order first, each with a link signed for this session
//   GET /api/download/{token}  → the file (Range, If-Range, ETag and 304 as send-stored-file.ts answers them),
//                                never cached; a bad, expired or foreign link, and a file the company may no
//                                longer download: 404 'download.not_found' alike
// The account's: 401 without a session, 403 error.login_required for the shared guest. A download answered with
// bytes (a whole file or a range) is logged for the reader, a download manager's ranges within a minute once.

/** The download each request opened, logged by the route's onSend hook once its answer's status is known. */
const opened = new WeakMap<FastifyRequest, OpenedDownload>();

export default async function downloadRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/account/downloads', async (request) => {
    return { data: await services.downloads.list(request.ctx) };
  });

  app.get<{ Params: { token?: unknown } }>(
    '/download/:token',
    {
      // After sendStoredFile chose the status and before a byte is sent: a 304, a 416 or a HEAD is no download.
      onSend: async (request, reply, payload) => {
        const download = opened.get(request);
        if (download && request.method === 'GET' && (reply.statusCode === 200 || reply.statusCode === 206)) await download.recordDownload();
        return payload;
      },
    },
    async (request, reply) => {
      const download = await services.downloads.open(request.ctx, request.params.token);
      opened.set(request, download);
      return sendStoredFile(request, reply, { ...download.file, cacheControl: 'private, no-store' });
    },
  );
}
