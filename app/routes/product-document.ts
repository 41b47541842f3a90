import { parseRecordId } from '../../core/record-id';
import { AppError, storedFileResponse } from '../../server/page-surface.server';
import type { Route } from './+types/product-document';
import { appLoadContext } from '../app-context';
import { methodNotAllowedResponse, refusalResponse } from '../features/order-history/download-response.server';

// /product-document/:id: a product document's file (docs/product.md, Product documents and downloads), the
// file GET /api/product-document/{id} gives, for the page's session: the product page links here, so the
// download works without JavaScript. With its name, one byte range (a resumed download), its ETag and 304;
// a document the reader may not see, or an unknown one: 404 alike.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  try {
    const id = parseRecordId(params.id);
    if (id === null) throw new AppError('not_found', 'product_document.not_found');
    return storedFileResponse(request, await app.services.productDocuments.fileOf(app.ctx, id), (refusal) => refusalResponse(app, refusal));
  } catch (error) {
    return refusalResponse(app, error);
  }
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowedResponse(context.get(appLoadContext));
}
