import type { Route } from './+types/my-account.downloads.file';
import { appLoadContext } from '../app-context';
import { downloadFileResponse } from '../features/downloads/downloads.server';
import { methodNotAllowedResponse } from '../features/order-history/download-response.server';

// /my-account/downloads/:token: a downloadable product's file behind a link signed for this session (the file
// GET /api/download/{token} gives, for the page's session): with its name, one byte range (a resumed
// download), its ETag and 304. A bad, expired or foreign link, or a file the company may no longer download: 404 alike.

export function loader({ request, params, context }: Route.LoaderArgs) {
  return downloadFileResponse(context.get(appLoadContext), request, params.token);
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
